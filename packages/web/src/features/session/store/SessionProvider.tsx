import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, isApiError } from '../../../api/index.ts';
import { rememberedSession, rememberSession } from '../../../platform/boot-hints.ts';
import { fetchSession, postSignIn, postSignOut, type WhoAmI } from '../api/session.api.ts';
import { useSessionConfirm } from '../hooks/useSessionConfirm.ts';
import { useRefreshOnRefusal } from '../hooks/useRefreshOnRefusal.ts';
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
  /**
   * A change that swaps the whole screen (the shell for the sign-in page, or back), rendered as a
   * transition: React renders it in slices with the browser free in between, instead of one long
   * task (docs/performance.md, "Splitting the first render"), and keeps the current screen up
   * until the next one (and its on-demand code) is ready. An expiry and a sign-out stay urgent:
   * the dialog must stop further edits at once, and a signed-out shell must not linger.
   */
  const switchTo = useCallback((next: SessionState | ((s: SessionState) => SessionState)) => startTransition(() => setState(next)), []);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchSession().then(
      (whoami) => live && switchTo(whoami ? { status: 'signed-in', whoami } : { status: 'signed-out', reason: 'none' }),
      (error: unknown) => {
        if (!live) return;
        // No answer at all (offline): start as the user this device last had signed in, with the
        // edits queued here, and ask the server again once it can be reached.
        const remembered = isApiError(error) ? undefined : rememberedSession<WhoAmI>();
        switchTo(remembered ? { status: 'signed-in', whoami: remembered, unconfirmed: true } : { status: 'unavailable', error });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, switchTo]);

  // For the next load: the shell fetched at boot beside the session check (main.tsx), and an
  // offline start as this user. Forgotten as soon as the server says nobody is signed in.
  useEffect(() => {
    if (state.status === 'signed-in' && !state.unconfirmed) rememberSession(state.whoami);
    else if (state.status === 'signed-out') rememberSession(undefined);
  }, [state]);

  const expire = useCallback(() => setState((s) => (s.status === 'signed-in' ? { status: 'expired', whoami: s.whoami } : s)), []);
  useEffect(() => api.onUnauthorized(expire), [expire]);
  useSessionRecheck(state.status === 'signed-in' ? state.whoami.account.id : undefined, expire);
  const confirmed = useCallback(
    (whoami: WhoAmI) => switchTo((s) => (s.status === 'signed-in' ? { status: 'signed-in', whoami } : s)),
    [switchTo],
  );
  useSessionConfirm(state.status === 'signed-in' && state.unconfirmed ? state.whoami.account.id : undefined, confirmed, expire);
  useRefreshOnRefusal(state.status === 'signed-in' ? state.whoami.account.id : undefined, confirmed);

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      async signIn(email, password) {
        const whoami = await postSignIn(email, password);
        switchTo({ status: 'signed-in', whoami });
        return whoami;
      },
      async signOut() {
        await postSignOut();
        // Urgent: the signed-out user's shell (and its cleared data layer) must not stay up.
        setState({ status: 'signed-out', reason: 'signed-out' });
      },
      adopt: (whoami: WhoAmI) => switchTo({ status: 'signed-in', whoami }),
      forget: () => setState((s) => (s.status === 'loading' || s.status === 'unavailable' ? s : { status: 'signed-out', reason: 'none' })),
      acknowledgeExpiry: () => setState((s) => (s.status === 'expired' ? { status: 'signed-out', reason: 'expired' } : s)),
      retry: () => {
        setState({ status: 'loading' });
        setAttempt((n) => n + 1);
      },
    }),
    [state, switchTo],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
