import { badRequest } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { hashSecret, newSecret } from './session-store.ts';

/**
 * Single-use e-mailed tokens: invites (7 days) and password resets (1 hour). The link carries a
 * 256-bit random secret; the database keeps only its SHA-256, so a leaked table opens nothing.
 */
export type TokenKind = 'invite' | 'reset';

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  invite: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** The one answer for a token that is unknown, used, expired or revoked, so none can be told apart. */
export const LINK_INVALID = 'This link has already been used or has expired.';

export interface OneTimeToken {
  kind: TokenKind;
  accountId: string;
  /** The practice an invite is for; GLOBAL_PRACTICE for a password reset. */
  practiceId: string;
  expiresAt: Date;
}

interface TokenRow {
  kind: TokenKind;
  account_id: string;
  practice_id: string;
  expires_at: Date;
}

const toToken = (r: TokenRow): OneTimeToken => ({
  kind: r.kind,
  accountId: r.account_id,
  practiceId: r.practice_id,
  expiresAt: r.expires_at,
});

/** Creates a token and returns the secret for the link (never stored). */
export async function issueToken(
  db: Queryable,
  fields: { kind: TokenKind; accountId: string; practiceId: string; now: Date },
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newSecret();
  const expiresAt = new Date(fields.now.getTime() + TOKEN_LIFETIME_MS[fields.kind]);
  await db.query('INSERT INTO one_time_tokens (token_hash, kind, account_id, practice_id, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    hashSecret(secret),
    fields.kind,
    fields.accountId,
    fields.practiceId,
    expiresAt,
  ]);
  return { secret, expiresAt };
}

const wellFormed = (secret: unknown): secret is string => typeof secret === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(secret);

/** The live (unused, unexpired) token for a secret, without using it; undefined otherwise. */
export async function findLiveToken(db: Queryable, kind: TokenKind, secret: unknown, now: Date): Promise<OneTimeToken | undefined> {
  if (!wellFormed(secret)) return undefined;
  const r = await db.query<TokenRow>(
    'SELECT * FROM one_time_tokens WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3',
    [hashSecret(secret), kind, now],
  );
  return r.rows[0] && toToken(r.rows[0]);
}

/**
 * Uses a token up: one statement marks it used only if it is still live, so of two requests with
 * the same link exactly one gets it. Anything else is a 400 with LINK_INVALID.
 */
export async function consumeToken(db: Queryable, kind: TokenKind, secret: unknown, now: Date): Promise<OneTimeToken> {
  if (!wellFormed(secret)) throw badRequest(LINK_INVALID);
  const r = await db.query<TokenRow>(
    `UPDATE one_time_tokens SET used_at = $3
     WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3 RETURNING *`,
    [hashSecret(secret), kind, now],
  );
  if (!r.rows[0]) throw badRequest(LINK_INVALID);
  return toToken(r.rows[0]);
}

/** Voids an account's live tokens of a kind (in one practice, for invites): a newer link replaces them. */
export async function revokeTokens(db: Queryable, accountId: string, kind: TokenKind, now: Date, practiceId?: string): Promise<void> {
  await db.query(
    `UPDATE one_time_tokens SET used_at = $3
     WHERE account_id = $1 AND kind = $2 AND used_at IS NULL AND ($4::text IS NULL OR practice_id = $4)`,
    [accountId, kind, now, practiceId ?? null],
  );
}

/** Does the account have a live invite to the practice? */
export async function hasLiveInvite(db: Queryable, accountId: string, practiceId: string, now: Date): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM one_time_tokens
     WHERE account_id = $1 AND practice_id = $2 AND kind = 'invite' AND used_at IS NULL AND expires_at > $3`,
    [accountId, practiceId, now],
  );
  return (r.rowCount ?? 0) > 0;
}

/**
 * Reset tokens issued for the account within the last `windowMs`. The table has no creation
 * time; every reset token lives exactly TOKEN_LIFETIME_MS.reset, so issued-after is expires-after.
 */
export async function resetTokensIssuedSince(db: Queryable, accountId: string, now: Date, windowMs: number): Promise<number> {
  const since = new Date(now.getTime() - windowMs + TOKEN_LIFETIME_MS.reset);
  const r = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM one_time_tokens WHERE account_id = $1 AND kind = 'reset' AND expires_at > $2`,
    [accountId, since],
  );
  return Number(r.rows[0]!.n);
}
