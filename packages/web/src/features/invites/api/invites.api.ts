import type { InviteStatus } from '@caseload/core';
import { api } from '../../../api/index.ts';
import type { WhoAmI } from '../../session/index.ts';

/** GET /api/v1/auth/invites/{token}: is the link still good, and for which e-mail. */
export type { InviteStatus };

export const fetchInvite = (token: string) => api.get<InviteStatus>(`/api/v1/auth/invites/${encodeURIComponent(token)}`);

/** Sets the password and signs in: the answer is the new session, as after signing in. */
export const postAcceptInvite = (token: string, password: string) => api.post<WhoAmI>('/api/v1/auth/invites/accept', { token, password });
