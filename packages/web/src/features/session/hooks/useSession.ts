import { useContext } from 'react';
import { SessionContext, type SessionContextValue } from '../store/session-context.ts';

/** The session state and its actions; only inside SessionProvider. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession is used outside SessionProvider.');
  return value;
}
