import { canDelegate, type Permission } from '@caseload/core';
import type { RoleOption } from './role-options.ts';

/**
 * The grant sets among `roles` that the caller may not hand out (canDelegate, the server's own
 * rule), given the caller's permissions. The server's refusal is a plain 403; this names what
 * caused it, so the dialog can say which grant sets are beyond the caller's own. Taking grant
 * sets away is never limited, so only the roles being given count.
 */
export function undelegableGrantSets(
  callerPermissions: ReadonlySet<Permission>,
  roles: readonly string[],
  options: readonly RoleOption[],
  associate = false,
): string[] {
  const wanted = new Set(roles.flatMap((r) => options.find((o) => o.value === r)?.grantSets ?? []));
  return [...wanted].filter((name) => !canDelegate(callerPermissions, [name], { associate })).sort();
}
