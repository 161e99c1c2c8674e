import {
  AppError,
  ErrorCodes,
  MESSAGES,
  badRequest,
  hasFlag,
  notFound,
  permissionsOf,
  roleGrantSets,
  rolePermissions,
  type Permission,
  type Reference,
  type Resource,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { membershipsOf, type Membership } from '../identity/account-store.ts';
import type { Identity } from '../identity/auth.plugin.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { SystemReader } from '../storage/system-reader.ts';

/** Which patients a principal reaches within a practice. */
export type Population =
  | { kind: 'all' }
  | { kind: 'careTeam'; practitionerId: string }
  | { kind: 'program'; programIds: string[] }
  | { kind: 'patient'; patientId: string };

/** The caller as the access checks see it, for one practice. */
export interface Principal {
  accountId: string;
  practiceId: string;
  /** The acting profile: recorded as lastModifiedBy and audited as the agent. */
  actor: Reference;
  kind: 'staff' | 'patient' | 'relatedPerson' | 'associate';
  permissions: ReadonlySet<Permission>;
  population: Population;
}

/**
 * Works out who the caller is in a practice: an associate (internal staff) holding
 * ViewAllPractices reaches every practice with their associate role; anyone else acts through a
 * membership of that practice (the profile header picks which, and must be one the session
 * owns). A practice the caller does not belong to answers 404, so practice ids cannot be probed.
 */
export async function resolvePrincipal(
  db: Queryable,
  identity: Identity,
  practiceId: string,
  profileHeader: Reference | undefined,
): Promise<Principal> {
  // A session's principal is cached with it for a few seconds (identity/caller-cache.ts): it is
  // forgotten when the session, account, memberships or the practice's roles, preferences or
  // practitioners change. Refusals are not cached.
  const memo = identity.principals;
  const key = `${practiceId}|${profileHeader ? `${profileHeader.resourceType}/${profileHeader.id}` : ''}`;
  const cached = memo?.get<Principal>(key);
  if (cached) return cached;
  const generation = memo?.generation ?? 0;
  const principal = await computePrincipal(db, identity, practiceId, profileHeader);
  memo?.set(key, principal, generation);
  return principal;
}

async function computePrincipal(
  db: Queryable,
  identity: Identity,
  practiceId: string,
  profileHeader: Reference | undefined,
): Promise<Principal> {
  const account = identity.account;
  const all = identity.memberships ?? (await membershipsOf(db, account.id));
  const memberships = all.filter((m) => m.active && m.practiceId === practiceId);
  const chosen = pickMembership(memberships, profileHeader);
  if (!chosen) {
    const associate = account.associateRole ? rolePermissions(account.associateRole, 'associate') : undefined;
    const everyPractice = associate && hasFlag(associate, 'administrative', 'ViewAllPractices') ? associate : undefined;
    if (everyPractice && !profileHeader) {
      return {
        accountId: account.id,
        practiceId,
        actor: { resourceType: 'Account', id: account.id, display: account.email },
        kind: 'associate',
        permissions: everyPractice,
        population: { kind: 'all' },
      };
    }
    // A profile that is not the caller's is refused (403) only in a practice the caller reaches;
    // anywhere else the practice does not exist for them, header or not (404).
    if (profileHeader && (memberships.length > 0 || everyPractice)) throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden);
    throw notFound();
  }
  const permissions = await membershipPermissions(db, chosen);
  const actor: Reference = { resourceType: chosen.profileType, id: chosen.profileId };
  return {
    accountId: account.id,
    practiceId,
    actor,
    kind: chosen.profileType === 'Practitioner' ? 'staff' : chosen.profileType === 'Patient' ? 'patient' : 'relatedPerson',
    permissions,
    population: await populationOf(db, chosen, permissions),
  };
}

/**
 * The profile header's membership; without a header the first linked (memberships come in link
 * order), so a profile added later, by an invite, acts only when the user picks it.
 */
function pickMembership(memberships: Membership[], profile: Reference | undefined): Membership | undefined {
  if (!profile) return memberships[0];
  return memberships.find((m) => m.profileType === profile.resourceType && m.profileId === profile.id);
}

/** The union of the grant sets of every role held: built-in roles by name, practice roles by id. */
export async function membershipPermissions(db: Queryable, m: Membership): Promise<ReadonlySet<Permission>> {
  const grantSetNames = new Set<string>();
  for (const role of m.roles) {
    if (!role.startsWith('SecurityRole/')) {
      for (const name of roleGrantSets(role)) grantSetNames.add(name);
      continue;
    }
    // A practice-defined role names built-in grant sets (checked when the role is saved).
    const body = await new SystemReader(db, m.practiceId).get<Resource & { grantSets?: unknown }>(
      'SecurityRole',
      role.slice('SecurityRole/'.length),
    );
    if (!body) continue;
    if (Array.isArray(body.grantSets)) for (const name of body.grantSets) grantSetNames.add(String(name));
  }
  return permissionsOf([...grantSetNames]);
}

/** Which patients a membership reaches with these permissions: its portal partition, or the population level. */
export async function populationOf(db: Queryable, m: Membership, permissions: ReadonlySet<Permission>): Promise<Population> {
  if (m.profileType === 'Patient') return { kind: 'patient', patientId: m.profileId };
  if (m.profileType === 'RelatedPerson') {
    const patientId = (await new SystemReader(db, m.practiceId).get('RelatedPerson', m.profileId))?.partition;
    if (!patientId) throw badRequest('This related person is not linked to a patient.');
    return { kind: 'patient', patientId };
  }
  if (hasFlag(permissions, 'clinical', 'PatientPopulationAll')) return { kind: 'all' };
  const level = (await loadPracticePreferences(db, m.practiceId)).patientPopulationLevel;
  if (level === 'CareTeam') return { kind: 'careTeam', practitionerId: m.profileId };
  if (level === 'Program') {
    const practitioner = await new SystemReader(db, m.practiceId).get<Resource & { programs?: { id?: unknown }[] }>(
      'Practitioner',
      m.profileId,
      { includeDeleted: true },
    );
    const programIds = (practitioner?.programs ?? []).map((p) => p?.id).filter((id): id is string => typeof id === 'string');
    return { kind: 'program', programIds };
  }
  return { kind: 'all' };
}
