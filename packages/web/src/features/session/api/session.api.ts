import type { ProfileMembership, SessionInfo, WhoAmI } from '@caseload/core';
import { api, ApiClient, isApiError } from '../../../api/index.ts';
import { SESSION_PATH, takeEarlySessionCheck } from '../../../platform/early-session.ts';

/**
 * Who is signed in (GET /api/v1/auth/session, and the answer of sign-in and invite acceptance),
 * its profiles and the account's sessions, as the server's contract declares them.
 */
export type { ProfileMembership, SessionInfo, WhoAmI };

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
