import { api } from '../../../api/index.ts';

/**
 * One membership of the practice as `GET users` answers it (docs/identity.md, "Users of a
 * practice"): the account, the profile it acts as, its roles, and every grant set those roles
 * hold in full.
 */
export interface PracticeUser {
  accountId: string;
  email: string;
  /** `Practitioner/{id}`, `Patient/{id}` or `RelatedPerson/{id}`. */
  profile: string;
  /** Built-in role names and `SecurityRole/{id}` references. */
  roles: string[];
  active: boolean;
  /** An invite to this practice is out and not yet accepted. */
  pendingInvite: boolean;
  grantSets: string[];
}

/** The answer of an invite (201 linked now, 200 sent again). */
export interface InviteAnswer {
  accountId: string;
  email: string;
  profile: string;
  roles: string[];
  active: boolean;
  expiresAt: string;
}

const usersPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/users`;
const userPath = (practiceId: string, accountId: string) => `${usersPath(practiceId)}/${encodeURIComponent(accountId)}`;

/** Every membership the caller reaches (needs CanManageUsers or CanViewPermission). */
export const fetchUsers = (practiceId: string) => api.get<PracticeUser[]>(usersPath(practiceId));

/**
 * Replaces a user's roles. `profile` names the practitioner profile when the account has several
 * in the practice. The server refuses (403) grant sets the caller may not delegate.
 */
export const putUserRoles = (practiceId: string, accountId: string, roles: string[], profile?: string) =>
  api.put<PracticeUser>(`${userPath(practiceId, accountId)}/roles`, profile ? { roles, profile } : { roles });

/** Deactivates (ending every session of the account) or reactivates a user; no body, 204. */
export const postUserActive = (practiceId: string, accountId: string, active: boolean) =>
  api.post<undefined>(`${userPath(practiceId, accountId)}/${active ? 'activate' : 'deactivate'}`);

/** E-mails a sign-up link for a Practitioner, Patient or RelatedPerson profile (SPEC.md section 7). */
export const postInvite = (practiceId: string, collection: 'Practitioners' | 'Patients' | 'RelatedPeople', id: string, target: string) =>
  api.post<InviteAnswer>(`/api/v1/practices/${encodeURIComponent(practiceId)}/${collection}/${encodeURIComponent(id)}/invite`, { target });
