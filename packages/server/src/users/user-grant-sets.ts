import {
  GRANT_SETS,
  MESSAGES,
  badRequest,
  getRole,
  holdsGrantSet,
  isGrantSetName,
  permissionsOf,
  type Issue,
  type Permission,
  type Resource,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { Membership } from '../identity/account-store.ts';
import { SystemReader } from '../storage/system-reader.ts';

const PRACTICE_ROLE = 'SecurityRole/';

/** A portal login reaches what the portal table lists whatever its roles; these sets name that. */
const PORTAL_GRANT_SET: Partial<Record<Membership['profileType'], string>> = {
  Patient: 'Patient portal self',
  RelatedPerson: 'Related person portal',
};

/** The grant sets of the practice-defined roles (`SecurityRole/{id}`) that exist, by role name. */
export type PracticeRoles = ReadonlyMap<string, readonly string[]>;

/** Loads the practice's SecurityRoles named in `roles` (unknown or deleted ones are absent). */
export async function loadPracticeRoles(db: Queryable, practiceId: string, roles: Iterable<string>): Promise<PracticeRoles> {
  const ids = [...new Set([...roles].filter((r) => r.startsWith(PRACTICE_ROLE)).map((r) => r.slice(PRACTICE_ROLE.length)))];
  const found = new Map<string, readonly string[]>();
  if (ids.length === 0) return found;
  for (const role of await new SystemReader(db, practiceId).list<Resource & { grantSets?: unknown }>('SecurityRole', { ids })) {
    const names = Array.isArray(role.grantSets) ? role.grantSets.map(String) : [];
    found.set(`${PRACTICE_ROLE}${role.id}`, names);
  }
  return found;
}

/**
 * The grant sets a list of roles puts together, checking each role exists (a built-in practice
 * role, or a SecurityRole of this practice) and names only catalogue grant sets. Fails with 400
 * naming the first bad role: 'Role {name} is not defined.' or 'GrantSet {name} is not defined.'
 */
export function grantSetsOfRoles(roles: readonly string[], practiceRoles: PracticeRoles): string[] {
  const names = new Set<string>();
  roles.forEach((role, index) => {
    const issue = (message: string): Issue[] => [{ path: `roles.${index}`, message }];
    const sets = role.startsWith(PRACTICE_ROLE) ? practiceRoles.get(role) : getRole(role, 'practice')?.grantSets;
    if (!sets) throw badRequest(`Role ${role} is not defined.`, issue(`Role ${role} is not defined.`));
    for (const name of sets) {
      if (!isGrantSetName(name)) throw badRequest(MESSAGES.unknownGrantSet(name), issue(MESSAGES.unknownGrantSet(name)));
      names.add(name);
    }
  });
  return [...names];
}

/**
 * What a membership's roles grant, leniently: a role or grant set that no longer exists counts for
 * nothing here, so one stale role never breaks the user list. Portal logins also show the portal
 * grant set their kind reaches through.
 */
export function membershipPermissions(m: Membership, practiceRoles: PracticeRoles): ReadonlySet<Permission> {
  const names = new Set<string>();
  const portal = PORTAL_GRANT_SET[m.profileType];
  if (portal) names.add(portal);
  for (const role of m.roles) {
    const sets = role.startsWith(PRACTICE_ROLE) ? practiceRoles.get(role) : getRole(role, 'practice')?.grantSets;
    for (const name of sets ?? []) if (isGrantSetName(name)) names.add(name);
  }
  return permissionsOf([...names]);
}

/** Every catalogue grant set the permissions hold in full. */
export function heldGrantSets(permissions: ReadonlySet<Permission>): string[] {
  return GRANT_SETS.filter((g) => holdsGrantSet(permissions, g.name)).map((g) => g.name);
}
