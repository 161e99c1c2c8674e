import type { Permission } from '@caseload/core';
import { useProfileAccess } from '../../practice/index.ts';

/**
 * The signed-in user's permissions in the current practice (else as an associate), undefined when
 * unknown: for areas and flags. Whether to offer an action on a type is `useCan`'s question.
 */
export function useCurrentPermissions(): ReadonlySet<Permission> | undefined {
  return useProfileAccess()?.permissions;
}
