import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../../api/index.ts';
import { fetchSession, postSignIn, postSignOut, type WhoAmI } from '../api/session.api.ts';
import { useSessionRecheck } from '../hooks/useSessionRecheck.ts';
import { SessionContext, type SessionContextValue, type SessionState } from './session-context.ts';

export interface SessionProviderProps {
  children: ReactNode;
}

/**
 * Who is signed in, for the whole app. Asks the server once at load; afterwards any 401 from any
 * call while signed in turns the state to `expired`, which shows the session-expired dialog over
 * the current screen (so the user's place is kept).
 */
export function SessionProvider({ children }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchSession().then(
      (whoami) => live && setState(whoami ? { status: 'signed-in', whoami } : { status: 'signed-out', reason: 'none' }),
      (error: unknown) => live && setState({ status: 'unavailable', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const expire = useCallback(() => setState((s) => (s.status === 'signed-in' ? { status: 'expired', whoami: s.whoami } : s)), []);
  useEffect(() => api.onUnauthorized(expire), [expire]);
  useSessionRecheck(state.status === 'signed-in' ? state.whoami.account.id : undefined, expire);

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      async signIn(email, password) {
        const whoami = await postSignIn(email, password);
        setState({ status: 'signed-in', whoami });
        return whoami;
      },
      async signOut() {
        await postSignOut();
        setState({ status: 'signed-out', reason: 'signed-out' });
      },
      adopt: (whoami: WhoAmI) => setState({ status: 'signed-in', whoami }),
      forget: () => setState((s) => (s.status === 'loading' || s.status === 'unavailable' ? s : { status: 'signed-out', reason: 'none' })),
      acknowledgeExpiry: () => setState((s) => (s.status === 'expired' ? { status: 'signed-out', reason: 'expired' } : s)),
      retry: () => {
        setState({ status: 'loading' });
        setAttempt((n) => n + 1);
      },
    }),
    [state],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
