import type { Permission } from '@caseload/core';
import { useCurrentPermissions } from '../../shell/index.ts';

/**
 * The signed-in profile's permissions in the current practice, as the server worked them out for
 * the session (named roles and the practice's own alike); undefined when unknown. Only a guide for
 * which sections and actions to offer: the server decides every call.
 */
export function useAdminPermissions(): ReadonlySet<Permission> | undefined {
  return useCurrentPermissions();
}
