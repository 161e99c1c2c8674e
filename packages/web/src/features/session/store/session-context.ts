import { createContext } from 'react';
import type { WhoAmI } from '../api/session.api.ts';

/** Why nobody is signed in: never was, chose to leave, or the session ran out. */
export type SignedOutReason = 'none' | 'signed-out' | 'expired';

export type SessionState =
  | { status: 'loading' }
  /** The first session check got no answer (offline, server down). */
  | { status: 'unavailable'; error: unknown }
  | { status: 'signed-out'; reason: SignedOutReason }
  /**
   * `unconfirmed`: the app started without an answer from the server (offline), as the user this
   * device last had signed in; the server is asked again until it answers (useSessionConfirm).
   */
  | { status: 'signed-in'; whoami: WhoAmI; unconfirmed?: boolean }
  /** The server stopped accepting the session; the screen stays, under the expired dialog. */
  | { status: 'expired'; whoami: WhoAmI };

export interface SessionContextValue {
  state: SessionState;
  signIn: (email: string, password: string) => Promise<WhoAmI>;
  signOut: () => Promise<void>;
  /** Adopts a session the server opened some other way (an accepted invite). */
  adopt: (whoami: WhoAmI) => void;
  /** The server ended this session by other means (a password reset signs out everywhere). */
  forget: () => void;
  /** The user saw the expired dialog and is going to sign in again. */
  acknowledgeExpiry: () => void;
  /** Asks the server again after `unavailable`. */
  retry: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
