import type { PatientPopulationLevel } from '../enums.ts';
import { getGrantSet } from './grant-sets.ts';
import { hasFlag, holds, isBeyondPractice } from './checks.ts';
import { parsePermission, type Permission } from './permissions.ts';
import { getResourceType } from '../resources/registry.ts';
import { roleGrantSets, type RoleKind } from './roles.ts';

/**
 * Evaluating permissions: pure functions over a set of permission strings. The server builds the
 * set once per request (the union of the actor's grant sets) and asks these on every call. The
 * checks themselves (can, hasFlag, holds) are in checks.ts, which does not import the grant-set
 * catalogue: a bundle importing only them (the web shell) does not carry the catalogue.
 */
export { can, hasFlag, holds } from './checks.ts';

/** The union of the named grant sets' permissions; an unknown name fails with the GrantSet error. */
export function permissionsOf(grantSetNames: readonly string[]): ReadonlySet<Permission> {
  const permissions = new Set<Permission>();
  for (const name of grantSetNames) for (const p of getGrantSet(name).permissions) permissions.add(p);
  return permissions;
}

/** The permissions of a named role's default grant sets. */
export function rolePermissions(roleName: string, kind: RoleKind = 'practice'): ReadonlySet<Permission> {
  return permissionsOf(roleGrantSets(roleName, kind));
}

/** A grant set counts as held only when every one of its permissions is held. */
export function holdsGrantSet(permissions: ReadonlySet<Permission>, name: string): boolean {
  return getGrantSet(name).permissions.every((p) => holds(permissions, p));
}

/**
 * The population level that applies to the holder: All with clinical:PatientPopulationAll,
 * otherwise the practice's `patientPopulationLevel` preference (All, CareTeam or Program).
 */
export function effectivePopulationLevel(
  permissions: ReadonlySet<Permission>,
  practiceLevel: PatientPopulationLevel,
): PatientPopulationLevel {
  return hasFlag(permissions, 'clinical', 'PatientPopulationAll') ? 'All' : practiceLevel;
}

/**
 * True for a permission only associates may hold: a flag beyond the practice (internal ones,
 * ViewAllPractices) or any write on a global type; KeyVault, even reading it.
 */
export function isAssociateOnlyPermission(value: Permission): boolean {
  const parsed = parsePermission(value);
  if (!parsed) return false;
  if (parsed.kind === 'flag') return isBeyondPractice(parsed.group, parsed.flag);
  if (parsed.resourceType === 'KeyVault') return true;
  return getResourceType(parsed.resourceType)?.scope === 'global' && parsed.action !== 'Read';
}

/** True for a grant set holding any associate-only permission; practice roles never include one. */
export function isAssociateOnlyGrantSet(name: string): boolean {
  return getGrantSet(name).permissions.some(isAssociateOnlyPermission);
}

/**
 * May an actor put these grant sets into a role or give them to a user? Associate-only sets only
 * by an associate. A holder of administrative RoleManagement (the practice's user administrator,
 * who onboards clinicians without being one) may hand out any practice grant set; anyone else
 * only grant sets it holds in full, so nobody can grant more than they have. The caller still
 * checks RoleManagement or CanModifyRoles, and refuses changes to one's own roles.
 */
export function canDelegate(
  actorPermissions: ReadonlySet<Permission>,
  grantSetNames: readonly string[],
  actor: { associate: boolean },
): boolean {
  const roleManager = hasFlag(actorPermissions, 'administrative', 'RoleManagement');
  const full = hasFlag(actorPermissions, 'administrative', 'FullPermissions');
  return grantSetNames.every((name) => {
    if (!actor.associate && isAssociateOnlyGrantSet(name)) return false;
    // Everything-at-once is handed out only by someone who has it: a role manager could otherwise
    // invite a second account of its own and make it all-powerful.
    if (grantsFullPermissions(name) && !full) return false;
    return roleManager || holdsGrantSet(actorPermissions, name);
  });
}

function grantsFullPermissions(name: string): boolean {
  return getGrantSet(name).permissions.includes('administrative:FullPermissions:Allow' as Permission);
}
