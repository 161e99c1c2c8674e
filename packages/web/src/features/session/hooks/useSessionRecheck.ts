import { useEffect } from 'react';
import { fetchSession } from '../api/session.api.ts';

/** Not more often than this: each check counts as activity on the server. */
const MIN_INTERVAL_MS = 60_000;

/**
 * When the user comes back to the tab, asks whether the session still holds, so an idle expiry
 * shows at once rather than at the next click. It checks only on the user's return, never on a
 * timer: a timer would keep an idle session alive forever. Another account signed in meanwhile
 * (in another tab) reloads the app, so nothing of the previous user's screen stays up.
 */
export function useSessionRecheck(accountId: string | undefined, onExpired: () => void): void {
  useEffect(() => {
    if (!accountId) return;
    let last = Date.now();
    const check = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < MIN_INTERVAL_MS) return;
      last = Date.now();
      fetchSession().then(
        (whoami) => {
          if (!whoami) onExpired();
          else if (whoami.account.id !== accountId) window.location.assign('/');
        },
        () => undefined, // Offline: the next call that needs the server will say so.
      );
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [accountId, onExpired]);
}
