import { getRole, rolePermissions, type Permission } from '@caseload/core';

/**
 * The permissions some roles give by default, from the role catalogue, or undefined when that
 * cannot be known without asking the server (a practice's own security role, whose grant sets live
 * in its data). The catalogue is sizeable: only screens loaded on demand may use this (kept in a
 * file of its own so it never joins the shell's chunk). For the signed-in user's own permissions
 * use useCurrentPermissions, which reads what the server sent with the session.
 */
export function knownPermissions(
  roles: readonly string[],
  kind: 'practice' | 'associate' = 'practice',
): ReadonlySet<Permission> | undefined {
  if (roles.length === 0 || roles.some((r) => !getRole(r, kind))) return undefined;
  const all = new Set<Permission>();
  for (const role of roles) for (const p of rolePermissions(role, kind)) all.add(p);
  return all;
}
