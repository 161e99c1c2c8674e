import { api } from '../../../api/index.ts';

/** Asks for a reset link; the answer is 204 whether or not the e-mail has an account. */
export const postPasswordResetRequest = (email: string) => api.post<undefined>('/api/v1/auth/password-reset', { email });

/** Sets the new password with the e-mailed token (204, or 400 with the policy or invalid-link message). */
export const postPasswordResetComplete = (token: string, password: string) =>
  api.post<undefined>('/api/v1/auth/password-reset/complete', { token, password });
