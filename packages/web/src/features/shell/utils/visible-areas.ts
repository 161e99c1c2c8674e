import { holds, type Permission } from '@caseload/core';
import type { Area } from './areas.ts';

/**
 * The areas to offer (docs/access.md: only the areas the user may reach, when that is cheap to
 * know), by the permissions the session answer carries (the server works them out from the roles,
 * so the client needs no role catalogue). Unknown permissions show every area: the server still
 * refuses what is not allowed, and hiding a reachable area would be worse than showing one that
 * turns out empty.
 */
export function visibleAreas(areas: readonly Area[], permissions: ReadonlySet<Permission> | undefined): Area[] {
  if (!permissions) return [...areas];
  return areas.filter((a) => !a.anyOf || a.anyOf.some((p) => holds(permissions, p)));
}
