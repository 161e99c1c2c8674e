import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

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
    [hashSecret(secret), fields.accountId, newSecret(), fields.idleTimeoutMinutes, fields.address ?? null, fields.userAgent?.slice(0, 500) ?? null],
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
  const r = await db.query('UPDATE sessions SET ended_at = now() WHERE id_hash = $1 AND ended_at IS NULL', [idHash]);
  return (r.rowCount ?? 0) > 0;
}

/** Signs an account out everywhere (deactivation, password reset). */
export async function endAllSessions(db: Queryable, accountId: string): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = now() WHERE account_id = $1 AND ended_at IS NULL', [accountId]);
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
