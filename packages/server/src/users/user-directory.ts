import { getResourceType, type PracticeUser } from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { Queryable } from '../db/database.ts';
import type { Membership } from '../identity/account-store.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { heldGrantSets, loadPracticeRoles, membershipPermissions } from './user-grant-sets.ts';

interface UserRow {
  account_id: string;
  practice_id: string;
  email: string;
  profile_type: Membership['profileType'];
  profile_id: string;
  roles: string[];
  active: boolean;
  pending_invite: boolean;
}

const PROFILE_TYPES: Membership['profileType'][] = ['Practitioner', 'Patient', 'RelatedPerson'];

/**
 * The rows whose profile the caller reaches: a profile type it may not read is left out, and
 * patients and related persons only within its population, by the same reach the repository
 * applies, so the list reveals no patient the caller could not open.
 */
async function reachedRows<R extends Pick<UserRow, 'profile_type' | 'profile_id'>>(
  db: Queryable,
  access: AccessPolicy,
  rows: R[],
): Promise<R[]> {
  const system = new SystemReader(db, access.principal.practiceId);
  const reached = new Set<string>();
  for (const name of PROFILE_TYPES) {
    const type = getResourceType(name)!;
    if (!access.allows('Read', type)) continue;
    const ids = rows.filter((r) => r.profile_type === name).map((r) => r.profile_id);
    for (const id of await system.reachedIds(type, ids, { access })) reached.add(`${name}/${id}`);
  }
  return rows.filter((r) => reached.has(`${r.profile_type}/${r.profile_id}`));
}

async function toViews(db: Queryable, practiceId: string, rows: UserRow[]): Promise<PracticeUser[]> {
  const practiceRoles = await loadPracticeRoles(
    db,
    practiceId,
    rows.flatMap((r) => r.roles),
  );
  return rows.map((r) => {
    const membership: Membership = {
      accountId: r.account_id,
      practiceId: r.practice_id,
      profileType: r.profile_type,
      profileId: r.profile_id,
      roles: r.roles,
      active: r.active,
    };
    return {
      accountId: r.account_id,
      email: r.email,
      profile: `${r.profile_type}/${r.profile_id}`,
      roles: r.roles,
      active: r.active,
      pendingInvite: r.pending_invite,
      grantSets: heldGrantSets(membershipPermissions(membership, practiceRoles)),
    };
  });
}

const SELECT_USERS = `
  SELECT m.*, a.email, EXISTS (
    SELECT 1 FROM one_time_tokens t WHERE t.account_id = m.account_id AND t.practice_id = m.practice_id
      AND t.kind = 'invite' AND t.used_at IS NULL AND t.expires_at > $2) AS pending_invite
  FROM memberships m JOIN accounts a ON a.id = m.account_id
  WHERE m.practice_id = $1`;

/** Every membership of the practice the caller reaches, ordered by e-mail. */
export async function listUsers(db: Queryable, access: AccessPolicy, now: Date): Promise<PracticeUser[]> {
  const r = await db.query<UserRow>(`${SELECT_USERS} ORDER BY a.email, m.profile_type, m.profile_id`, [access.principal.practiceId, now]);
  return toViews(db, access.principal.practiceId, await reachedRows(db, access, r.rows));
}

/**
 * Whether the caller reaches any of the account's memberships in its practice (the list's own
 * condition): an account it cannot list is, for it, not there.
 */
export async function reachesAccount(db: Queryable, access: AccessPolicy, accountId: string): Promise<boolean> {
  const r = await db.query<Pick<UserRow, 'profile_type' | 'profile_id'>>(
    'SELECT m.profile_type, m.profile_id FROM memberships m WHERE m.practice_id = $1 AND m.account_id = $2',
    [access.principal.practiceId, accountId],
  );
  return (await reachedRows(db, access, r.rows)).length > 0;
}

/** One account's memberships in the practice (all of them: for the account's own management). */
export async function usersOfAccount(db: Queryable, practiceId: string, accountId: string, now: Date): Promise<PracticeUser[]> {
  const r = await db.query<UserRow>(`${SELECT_USERS} AND m.account_id = $3 ORDER BY m.profile_type, m.profile_id`, [
    practiceId,
    now,
    accountId,
  ]);
  return toViews(db, practiceId, r.rows);
}
