import { useEffect, useState } from 'react';
import { fetchInvite, type InviteStatus } from '../api/invites.api.ts';

/** The words for a link that is missing, used, expired or unknown (the server's, too). */
export const LINK_INVALID = 'This link has already been used or has expired.';

export type InviteLookup = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'done'; invite: InviteStatus };

/** Looks the invite link up once per token (it uses nothing up). */
export function useInvite(token: string | null): InviteLookup {
  const [lookup, setLookup] = useState<InviteLookup>({ status: 'loading' });
  useEffect(() => {
    if (!token) {
      setLookup({ status: 'done', invite: { valid: false, detail: LINK_INVALID } });
      return;
    }
    let live = true;
    setLookup({ status: 'loading' });
    fetchInvite(token).then(
      (invite) => live && setLookup({ status: 'done', invite }),
      (error: unknown) => live && setLookup({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return lookup;
}
