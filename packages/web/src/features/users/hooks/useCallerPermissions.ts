import type { Permission } from '@caseload/core';
import { useMemo } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { useSignedInUser } from '../../session/index.ts';

/**
 * What the signed-in user may do in the current practice, as the session answer says (else as an
 * associate); undefined when the answer did not say. Only decides what the screens offer: the
 * server checks every call.
 */
export function useCallerPermissions(): { permissions: ReadonlySet<Permission> | undefined; associate: boolean } {
  const { current } = useCurrentPractice();
  const account = useSignedInUser()?.account;
  const list = current ? current.permissions : (account?.permissions ?? undefined);
  return useMemo(
    () => ({ permissions: list ? new Set(list) : undefined, associate: !current && !!account?.associateRole }),
    [list, current, account?.associateRole],
  );
}
