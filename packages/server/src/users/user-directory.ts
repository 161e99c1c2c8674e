import { getResourceType } from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { Queryable } from '../db/database.ts';
import type { Membership } from '../identity/account-store.ts';
import { currentTable } from '../storage/table-names.ts';
import { heldGrantSets, loadPracticeRoles, membershipPermissions } from './user-grant-sets.ts';

/** One membership as the users API shows it. */
export interface UserView {
  accountId: string;
  email: string;
  /** The profile the account acts as: `Practitioner/{id}`, `Patient/{id}` or `RelatedPerson/{id}`. */
  profile: string;
  roles: string[];
  active: boolean;
  /** An invite to this practice is out and not yet accepted. */
  pendingInvite: boolean;
  /** Every catalogue grant set the roles hold in full. */
  grantSets: string[];
}

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
 * The condition limiting memberships to profiles the caller reaches: a profile type it may not
 * read is left out, and patients and related persons only within its population, in the same SQL
 * the repository uses, so the list reveals no patient the caller could not open.
 */
function reachCondition(access: AccessPolicy, params: unknown[]): string {
  const parts = PROFILE_TYPES.flatMap((name) => {
    const type = getResourceType(name)!;
    if (!access.allows('Read', type)) return [];
    params.push(name);
    const kind = `m.profile_type = $${params.length}`;
    const reach = access.rowCondition(type, params, 'r.');
    if (reach === 'TRUE') return [kind];
    return [`(${kind} AND m.profile_id IN (SELECT r.id FROM ${currentTable(type)} r
      WHERE r.practice_id = $1 AND NOT r.is_deleted AND ${reach}))`];
  });
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

async function toViews(db: Queryable, practiceId: string, rows: UserRow[]): Promise<UserView[]> {
  const practiceRoles = await loadPracticeRoles(db, practiceId, rows.flatMap((r) => r.roles));
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
export async function listUsers(db: Queryable, access: AccessPolicy, now: Date): Promise<UserView[]> {
  const params: unknown[] = [access.principal.practiceId, now];
  const reach = reachCondition(access, params);
  const r = await db.query<UserRow>(`${SELECT_USERS} AND ${reach} ORDER BY a.email, m.profile_type, m.profile_id`, params);
  return toViews(db, access.principal.practiceId, r.rows);
}

/** One account's memberships in the practice (all of them: for the account's own management). */
export async function usersOfAccount(db: Queryable, practiceId: string, accountId: string, now: Date): Promise<UserView[]> {
  const r = await db.query<UserRow>(`${SELECT_USERS} AND m.account_id = $3 ORDER BY m.profile_type, m.profile_id`, [
    practiceId,
    now,
    accountId,
  ]);
  return toViews(db, practiceId, r.rows);
}
