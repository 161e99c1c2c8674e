import type { Permission } from '@caseload/core';
import { api, ApiClient, isApiError } from '../../../api/index.ts';
import { SESSION_PATH, takeEarlySessionCheck } from '../../../platform/early-session.ts';

/** One signed-in browser or client of the account (GET /api/v1/auth/sessions). */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  idleTimeoutMinutes: number;
  address: string | null;
  userAgent: string | null;
  /** The session making this call. */
  current: boolean;
}

/** A profile the account can act as, in one practice. */
export interface ProfileMembership {
  practiceId: string;
  /** `resourceType/resourceId`. */
  profile: string;
  roles: string[];
  /**
   * What those roles allow, as the server checks it (their grant sets, a practice's own roles
   * included): what the client offers, never what it enforces.
   */
  permissions: Permission[];
}

/** Who is signed in (GET /api/v1/auth/session, and the answer of sign-in and invite acceptance). */
export interface WhoAmI {
  /** `permissions`: the associate role's (internal staff), null for everyone else. */
  account: { id: string; email: string; associateRole: string | null; permissions: Permission[] | null };
  session: SessionInfo;
  profiles: ProfileMembership[];
}

const AUTH = '/api/v1/auth';

/**
 * The signed-in account, or undefined when signed out (204). The first call reads the answer of
 * the check the entry script already sent (platform/early-session.ts), through a client of its
 * own so it is parsed and fails exactly as any other call does.
 */
export function fetchSession(): Promise<WhoAmI | undefined> {
  const early = takeEarlySessionCheck();
  const client = early ? new ApiClient({ fetch: () => early }) : api;
  return client.get<WhoAmI | undefined>(SESSION_PATH);
}

/** A wrong e-mail or password is a 401 the form shows, not an expired session. */
export const postSignIn = (email: string, password: string) =>
  api.post<WhoAmI>(`${AUTH}/sign-in`, { email, password }, { expectUnauthorized: true });

/** Ends this session; a session that already ended counts as signed out. */
export async function postSignOut(): Promise<void> {
  try {
    await api.post(`${AUTH}/sign-out`, undefined, { expectUnauthorized: true });
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}

export const fetchMySessions = () => api.get<SessionInfo[]>(`${AUTH}/sessions`);

export const deleteMySession = (id: string) => api.delete(`${AUTH}/sessions/${encodeURIComponent(id)}`);
