import { getRole, holds, rolePermissions, type Permission } from '@caseload/core';
import type { Area } from './areas.ts';

/**
 * The permissions a profile's roles give by default, or undefined when that cannot be known
 * without asking the server (a practice's own security role, whose grant sets live in its data).
 */
export function knownPermissions(roles: readonly string[], kind: 'practice' | 'associate' = 'practice'): ReadonlySet<Permission> | undefined {
  if (roles.length === 0 || roles.some((r) => !getRole(r, kind))) return undefined;
  const all = new Set<Permission>();
  for (const role of roles) for (const p of rolePermissions(role, kind)) all.add(p);
  return all;
}

/**
 * The areas to offer (docs/access.md: only the areas the user may reach, when that is cheap to
 * know). Unknown permissions show every area: the server still refuses what is not allowed, and
 * hiding a reachable area would be worse than showing one that turns out empty.
 */
export function visibleAreas(areas: readonly Area[], permissions: ReadonlySet<Permission> | undefined): Area[] {
  if (!permissions) return [...areas];
  return areas.filter((a) => !a.anyOf || a.anyOf.some((p) => holds(permissions, p)));
}
