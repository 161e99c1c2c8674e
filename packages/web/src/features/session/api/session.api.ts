import { api, isApiError } from '../../../api/index.ts';

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
}

/** Who is signed in (GET /api/v1/auth/session, and the answer of sign-in and invite acceptance). */
export interface WhoAmI {
  account: { id: string; email: string; associateRole: string | null };
  session: SessionInfo;
  profiles: ProfileMembership[];
}

const AUTH = '/api/v1/auth';

/** The signed-in account, or undefined when signed out (204). */
export const fetchSession = () => api.get<WhoAmI | undefined>(`${AUTH}/session`);

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
