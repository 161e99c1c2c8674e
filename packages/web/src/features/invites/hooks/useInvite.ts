import { useMemo } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { fetchInvite, type InviteStatus } from '../api/invites.api.ts';

/** The words for a link that is missing, used, expired or unknown (the server's, too). */
export const LINK_INVALID = 'This link has already been used or has expired.';

export type InviteLookup = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'done'; invite: InviteStatus };

const LOADING: InviteLookup = { status: 'loading' };
const NO_TOKEN: InviteLookup = { status: 'done', invite: { valid: false, detail: LINK_INVALID } };

/** Looks the invite link up once per token (it uses nothing up). */
export function useInvite(token: string | null): InviteLookup {
  // Any failure is the lookup's answer (shown on the page), so the read itself never fails.
  const read = useMemo(
    () =>
      token
        ? () =>
            fetchInvite(token).then(
              (invite): InviteLookup => ({ status: 'done', invite }),
              (error: unknown): InviteLookup => ({ status: 'failed', error }),
            )
        : undefined,
    [token],
  );
  const { value, loading } = useServerRead(read);
  if (!token) return NO_TOKEN;
  return loading ? LOADING : (value ?? LOADING);
}
