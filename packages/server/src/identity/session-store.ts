import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from '../db/database.ts';
import type { Account, Membership } from './account-store.ts';
import { forgetAccountEverywhere, forgetSessionEverywhere } from './caller-cache.ts';

/** A signed-in browser or client. The cookie holds the secret; the database only its hash. */
export interface Session {
  idHash: string;
  accountId: string;
  xsrfToken: string;
  idleTimeoutMinutes: number;
  createdAt: Date;
  lastSeenAt: Date;
  address: string | null;
  userAgent: string | null;
}

interface SessionRow {
  id_hash: string;
  account_id: string;
  xsrf_token: string;
  idle_timeout_minutes: number;
  created_at: Date;
  last_seen_at: Date;
  ended_at: Date | null;
  address: string | null;
  user_agent: string | null;
}

const toSession = (r: SessionRow): Session => ({
  idHash: r.id_hash,
  accountId: r.account_id,
  xsrfToken: r.xsrf_token,
  idleTimeoutMinutes: r.idle_timeout_minutes,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  address: r.address,
  userAgent: r.user_agent,
});

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
export const newSecret = () => randomBytes(32).toString('base64url');

/** Last-seen is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/** A new session with a new id (never one the client chose), and its XSRF token. */
export async function createSession(
  db: Queryable,
  fields: { accountId: string; idleTimeoutMinutes: number; address?: string; userAgent?: string },
): Promise<{ secret: string; session: Session }> {
  const secret = newSecret();
  const r = await db.query<SessionRow>(
    `INSERT INTO sessions (id_hash, account_id, xsrf_token, idle_timeout_minutes, address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [
      hashSecret(secret),
      fields.accountId,
      newSecret(),
      fields.idleTimeoutMinutes,
      fields.address ?? null,
      fields.userAgent?.slice(0, 500) ?? null,
    ],
  );
  return { secret, session: toSession(r.rows[0]!) };
}

/**
 * The live session for a cookie secret, touched; undefined when unknown, ended, or idle past its
 * timeout (which also ends it, so it cannot come back).
 */
export async function loadSession(db: Queryable, secret: string, now: Date): Promise<Session | undefined> {
  const r = await db.query<SessionRow>('SELECT * FROM sessions WHERE id_hash = $1', [hashSecret(secret)]);
  const row = r.rows[0];
  if (!row || row.ended_at) return undefined;
  const idleMs = now.getTime() - row.last_seen_at.getTime();
  if (idleMs > row.idle_timeout_minutes * 60_000) {
    await endSession(db, row.id_hash);
    return undefined;
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [row.id_hash, now]);
    row.last_seen_at = now;
  }
  return toSession(row);
}

export async function endSession(db: Queryable, idHash: string): Promise<boolean> {
  // Forgotten before and after: no request of this server answers from the cache meanwhile.
  forgetSessionEverywhere(idHash);
  const r = await db.query('UPDATE sessions SET ended_at = now() WHERE id_hash = $1 AND ended_at IS NULL', [idHash]);
  forgetSessionEverywhere(idHash);
  return (r.rowCount ?? 0) > 0;
}

/** Signs an account out everywhere (deactivation, password reset). */
export async function endAllSessions(db: Queryable, accountId: string): Promise<void> {
  forgetAccountEverywhere(accountId);
  await db.query('UPDATE sessions SET ended_at = now() WHERE account_id = $1 AND ended_at IS NULL', [accountId]);
  forgetAccountEverywhere(accountId);
}

/** A session with the account behind it and all the account's memberships. */
export interface Caller {
  session: Session;
  account: Account;
  memberships: Membership[];
}

interface CallerRow extends SessionRow {
  email: string;
  password_hash: string | null;
  associate_role: string | null;
  disabled: boolean;
  memberships: { practice_id: string; profile_type: Membership['profileType']; profile_id: string; roles: string[]; active: boolean }[];
}

/**
 * Session, account and memberships in one statement, prepared (named) so each connection parses
 * and plans it once: it runs on every request whose caller is not cached.
 */
const LOAD_CALLER = {
  name: 'caseload-load-caller',
  text: `SELECT s.*, a.email, a.password_hash, a.associate_role, a.disabled,
      coalesce((SELECT jsonb_agg(jsonb_build_object('practice_id', m.practice_id, 'profile_type', m.profile_type,
          'profile_id', m.profile_id, 'roles', m.roles, 'active', m.active)
        ORDER BY m.practice_id, m.linked_order)
       FROM memberships m WHERE m.account_id = s.account_id), '[]'::jsonb) AS memberships
    FROM sessions s JOIN accounts a ON a.id = s.account_id
    WHERE s.id_hash = $1`,
};

/**
 * The caller behind a session id hash, touched: undefined when the session is unknown, ended, or
 * idle past its timeout (which also ends it, so it cannot come back).
 */
export async function loadCaller(pool: Pick<pg.Pool, 'query'>, idHash: string, now: Date): Promise<Caller | undefined> {
  const r = await pool.query<CallerRow>({ ...LOAD_CALLER, values: [idHash] });
  const row = r.rows[0];
  if (!row || row.ended_at) return undefined;
  if (now.getTime() - row.last_seen_at.getTime() > row.idle_timeout_minutes * 60_000) {
    await endSession(pool as Queryable, row.id_hash);
    return undefined;
  }
  const session = toSession(row);
  if (!(await touchSession(pool, session, now))) return undefined;
  return {
    session,
    account: {
      id: row.account_id,
      email: row.email,
      passwordHash: row.password_hash,
      associateRole: row.associate_role,
      disabled: row.disabled,
    },
    memberships: row.memberships.map((m) => ({
      accountId: row.account_id,
      practiceId: m.practice_id,
      profileType: m.profile_type,
      profileId: m.profile_id,
      roles: m.roles,
      active: m.active,
    })),
  };
}

/**
 * Writes last-seen when it is more than a minute old (so reads do not each cost a write), and
 * updates `session` to match. False when the session has ended meanwhile (on another server).
 */
export async function touchSession(pool: Pick<pg.Pool, 'query'>, session: Session, now: Date): Promise<boolean> {
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return true;
  const r = await pool.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [session.idHash, now]);
  if ((r.rowCount ?? 0) === 0) return false;
  session.lastSeenAt = now;
  return true;
}

/** True when `touchSession` would write last-seen at `now` (so a caller known fresh can skip it). */
export function touchDue(session: Session, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS;
}

/** True when a session has been idle longer than its timeout at `now`. */
export function isIdle(session: Session, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > session.idleTimeoutMinutes * 60_000;
}

export async function listSessions(db: Queryable, accountId: string): Promise<Session[]> {
  const r = await db.query<SessionRow>(
    `SELECT * FROM sessions WHERE account_id = $1 AND ended_at IS NULL
       AND last_seen_at > now() - make_interval(mins => idle_timeout_minutes)
     ORDER BY last_seen_at DESC`,
    [accountId],
  );
  return r.rows.map(toSession);
}
