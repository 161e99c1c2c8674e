import type { WhoAmI } from '../api/session.api.ts';
import { useSession } from './useSession.ts';

/** The signed-in account (also while the expired dialog shows); undefined otherwise. */
export function useSignedInUser(): WhoAmI | undefined {
  const { state } = useSession();
  return state.status === 'signed-in' || state.status === 'expired' ? state.whoami : undefined;
}
