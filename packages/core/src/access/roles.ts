import { badRequest } from '../errors/app-error.ts';
import { ASSOCIATE_ROLES } from './associate-roles.ts';
import { PRACTICE_ROLES } from './practice-roles.ts';
import type { StaffCategory } from './staff-categories.ts';

/** Practice roles apply within a practice network; associate roles belong to internal staff. */
export type RoleKind = 'practice' | 'associate';

/**
 * A named role: its permissions are the union of its grant sets' (SPEC.md section 6). These are
 * the defaults; a practice may define its own SecurityRoles from the same grant sets.
 */
export interface Role {
  name: string;
  kind: RoleKind;
  description: string;
  grantSets: readonly string[];
  /** For associate roles: the staff category, which decides external and internal access. */
  staffCategory?: StaffCategory;
}

/** Every named role, practice roles first. Names are unique within a kind (both kinds have Support). */
export const ROLES: readonly Role[] = [...PRACTICE_ROLES, ...ASSOCIATE_ROLES];

export { ASSOCIATE_ROLES, PRACTICE_ROLES };

/** The named role of a kind, or undefined. */
export function getRole(name: string, kind: RoleKind = 'practice'): Role | undefined {
  return ROLES.find((r) => r.name === name && r.kind === kind);
}

/** The default grant sets of a named role; an unknown role fails with 'Role {name} is not defined.' (400). */
export function roleGrantSets(roleName: string, kind: RoleKind = 'practice'): readonly string[] {
  const role = getRole(roleName, kind);
  // Worded like the spec's grant-set message; SPEC.md has none for roles.
  if (!role) throw badRequest(`Role ${roleName} is not defined.`);
  return role.grantSets;
}
