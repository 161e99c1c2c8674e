import type { Permission } from '@caseload/core';
import { useMemo } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { useSignedInUser } from '../../session/index.ts';

/**
 * What the signed-in user may do in the current practice (or, outside any practice, as an
 * associate), as the server worked it out for the session answer: built-in and the practice's own
 * roles alike. Undefined when unknown. For what to offer only; the server checks every call.
 */
export function useCurrentPermissions(): ReadonlySet<Permission> | undefined {
  const { current } = useCurrentPractice();
  const associate = useSignedInUser()?.account.permissions ?? undefined;
  const permissions = current ? current.permissions : associate;
  return useMemo(() => (permissions ? new Set(permissions) : undefined), [permissions]);
}
