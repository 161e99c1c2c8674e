import type { InviteAnswer, PracticeUser, RolesBody } from '@caseload/core';
import { api } from '../../../api/index.ts';

/** The answers of the users calls, as the server's contract declares them (core's api/contract). */
export type { InviteAnswer, PracticeUser };

const usersPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/users`;
const userPath = (practiceId: string, accountId: string) => `${usersPath(practiceId)}/${encodeURIComponent(accountId)}`;

/** Every membership the caller reaches (needs CanManageUsers or CanViewPermission). */
export const fetchUsers = (practiceId: string) => api.get<PracticeUser[]>(usersPath(practiceId));

/**
 * Replaces a user's roles. `profile` names the practitioner profile when the account has several
 * in the practice. The server refuses (403) grant sets the caller may not delegate.
 */
export const putUserRoles = (practiceId: string, accountId: string, roles: string[], profile?: string) => {
  const body: RolesBody = profile ? { roles, profile } : { roles };
  return api.put<PracticeUser>(`${userPath(practiceId, accountId)}/roles`, body);
};

/** Deactivates (ending every session of the account) or reactivates a user; no body, 204. */
export const postUserActive = (practiceId: string, accountId: string, active: boolean) =>
  api.post<undefined>(`${userPath(practiceId, accountId)}/${active ? 'activate' : 'deactivate'}`);

/** E-mails a sign-up link for a Practitioner, Patient or RelatedPerson profile (SPEC.md section 7). */
export const postInvite = (practiceId: string, collection: 'Practitioners' | 'Patients' | 'RelatedPeople', id: string, target: string) =>
  api.post<InviteAnswer>(`/api/v1/practices/${encodeURIComponent(practiceId)}/${collection}/${encodeURIComponent(id)}/invite`, { target });
