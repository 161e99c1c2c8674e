import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** A person who can sign in: staff, an internal associate, a patient or a related person. */
export interface Account {
  id: string;
  email: string;
  passwordHash: string | null;
  /** Internal (associate) staff role such as SysAdmin; null for practice users. */
  associateRole: string | null;
  disabled: boolean;
}

/** Which profile an account acts as in a practice, and the roles it holds there. */
export interface Membership {
  accountId: string;
  practiceId: string;
  profileType: 'Practitioner' | 'Patient' | 'RelatedPerson';
  profileId: string;
  /** Built-in role names, or `SecurityRole/{id}` for a practice-defined role. */
  roles: string[];
  active: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  associate_role: string | null;
  disabled: boolean;
}

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  associateRole: r.associate_role,
  disabled: r.disabled,
});

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(db: Queryable, email: string): Promise<Account | undefined> {
  const r = await db.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [normaliseEmail(email)]);
  return r.rows[0] && toAccount(r.rows[0]);
}

export async function findAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const r = await db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
  return r.rows[0] && toAccount(r.rows[0]);
}

/** Creates the account for an e-mail, or returns the existing one (an invite to a second practice). */
export async function ensureAccount(
  db: Queryable,
  email: string,
  fields: { passwordHash?: string; associateRole?: string } = {},
): Promise<Account> {
  const r = await db.query<AccountRow>(
    `INSERT INTO accounts (id, email, password_hash, associate_role) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO UPDATE SET email = excluded.email
     RETURNING *`,
    [randomUUID(), normaliseEmail(email), fields.passwordHash ?? null, fields.associateRole ?? null],
  );
  return toAccount(r.rows[0]!);
}

export async function setPasswordHash(db: Queryable, accountId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [accountId, passwordHash]);
}

export async function setAccountDisabled(db: Queryable, accountId: string, disabled: boolean): Promise<void> {
  await db.query('UPDATE accounts SET disabled = $2 WHERE id = $1', [accountId, disabled]);
}

interface MembershipRow {
  account_id: string;
  practice_id: string;
  profile_type: Membership['profileType'];
  profile_id: string;
  roles: string[];
  active: boolean;
}

const toMembership = (r: MembershipRow): Membership => ({
  accountId: r.account_id,
  practiceId: r.practice_id,
  profileType: r.profile_type,
  profileId: r.profile_id,
  roles: r.roles,
  active: r.active,
});

/** The account's memberships by practice, each practice's in the order they were linked (the first is the default profile). */
export async function membershipsOf(db: Queryable, accountId: string): Promise<Membership[]> {
  const r = await db.query<MembershipRow>('SELECT * FROM memberships WHERE account_id = $1 ORDER BY practice_id, linked_order', [
    accountId,
  ]);
  return r.rows.map(toMembership);
}

/** Links an account to a profile in a practice; re-linking updates the roles. */
export async function upsertMembership(db: Queryable, m: Omit<Membership, 'active'> & { active?: boolean }): Promise<void> {
  await db.query(
    `INSERT INTO memberships (account_id, practice_id, profile_type, profile_id, roles, active)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, practice_id, profile_type, profile_id)
     DO UPDATE SET roles = excluded.roles, active = excluded.active`,
    [m.accountId, m.practiceId, m.profileType, m.profileId, m.roles, m.active ?? true],
  );
}

export async function membershipForProfile(
  db: Queryable,
  practiceId: string,
  profileType: string,
  profileId: string,
): Promise<Membership | undefined> {
  const r = await db.query<MembershipRow>('SELECT * FROM memberships WHERE practice_id = $1 AND profile_type = $2 AND profile_id = $3', [
    practiceId,
    profileType,
    profileId,
  ]);
  return r.rows[0] && toMembership(r.rows[0]);
}

/** The account's memberships in one practice (a person may act as several profiles there). */
export async function membershipsInPractice(db: Queryable, accountId: string, practiceId: string): Promise<Membership[]> {
  return (await membershipsOf(db, accountId)).filter((m) => m.practiceId === practiceId);
}

/**
 * Deactivates or reactivates all of an account's memberships in one practice (users are managed
 * per account and practice). Deactivation alone does not sign anyone out: the caller ends the
 * sessions in the same transaction.
 */
export async function setPracticeMembershipsActive(db: Queryable, accountId: string, practiceId: string, active: boolean): Promise<void> {
  await db.query('UPDATE memberships SET active = $3 WHERE account_id = $1 AND practice_id = $2', [accountId, practiceId, active]);
}

/**
 * Disables the account when it has nothing left to sign in to (no active membership and no
 * associate role), so sign-in is refused; enables it again when it has. Returns the new state.
 */
export async function syncAccountDisabled(db: Queryable, accountId: string): Promise<boolean> {
  const r = await db.query<{ disabled: boolean }>(
    `UPDATE accounts a SET disabled = (a.associate_role IS NULL AND NOT EXISTS (
       SELECT 1 FROM memberships m WHERE m.account_id = a.id AND m.active))
     WHERE a.id = $1 RETURNING a.disabled`,
    [accountId],
  );
  return r.rows[0]?.disabled ?? false;
}
