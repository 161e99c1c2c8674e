import { useEffect } from 'react';
// From its file, not the data layer's index: the session runs on the sign-in page too, which loads no data layer.
import { readOnce } from '../../../data/hooks/read-once.ts';
import { fetchSession, type WhoAmI } from '../api/session.api.ts';

/** How often an unconfirmed session asks the server again (as the write queue retries the network). */
export const SESSION_CONFIRM_INTERVAL_MS = 5_000;

/**
 * After an offline start (the remembered session, `unconfirmed`): asks the server whether the
 * session still holds, at once when the browser says it is back online and every 5 s until it
 * answers. Still signed in: the answer replaces the remembered one. Signed out meanwhile: the
 * session-expired dialog, as for any 401 (the queued edits stay, for the same user's next sign-in).
 * Another account signed in meanwhile (in another tab): a fresh start as that account.
 */
export function useSessionConfirm(accountId: string | undefined, onConfirmed: (whoami: WhoAmI) => void, onExpired: () => void): void {
  useEffect(() => {
    if (!accountId) return;
    /** The question under way, if any (one at a time); leaving drops its answer. */
    let asking: (() => void) | undefined;
    const ask = () => {
      if (asking) return;
      asking = readOnce(fetchSession, {
        value: (whoami) => {
          asking = undefined;
          if (!whoami) onExpired();
          else if (whoami.account.id !== accountId) window.location.assign('/');
          else onConfirmed(whoami);
        },
        failed: () => {
          asking = undefined; // Still no answer: the next tick or `online` asks again.
        },
      });
    };
    const timer = setInterval(ask, SESSION_CONFIRM_INTERVAL_MS);
    window.addEventListener('online', ask);
    return () => {
      asking?.();
      clearInterval(timer);
      window.removeEventListener('online', ask);
    };
  }, [accountId, onConfirmed, onExpired]);
}
