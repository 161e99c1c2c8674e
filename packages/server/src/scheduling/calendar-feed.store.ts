import type { Queryable } from '../db/database.ts';
import { hashSecret, newSecret } from '../identity/session-store.ts';

/** A live feed found by its token. */
export interface CalendarFeed {
  practiceId: string;
  practitionerId: string;
}

/**
 * A new feed for a clinician, in the caller's transaction: the live one, if any, is revoked first
 * (one feed per clinician; a new URL is how a leaked one is replaced). Answers the token, which
 * only the URL carries: the table keeps its hash.
 */
export async function createFeed(tx: Queryable, practiceId: string, practitionerId: string, createdBy: string): Promise<string> {
  await revokeFeed(tx, practiceId, practitionerId);
  const token = newSecret();
  await tx.query('INSERT INTO calendar_feeds (token_hash, practice_id, practitioner_id, created_by) VALUES ($1, $2, $3, $4)', [
    hashSecret(token),
    practiceId,
    practitionerId,
    createdBy,
  ]);
  return token;
}

/** Revokes a clinician's live feed; answers whether there was one. */
export async function revokeFeed(db: Queryable, practiceId: string, practitionerId: string): Promise<boolean> {
  const r = await db.query(
    'UPDATE calendar_feeds SET revoked_at = now() WHERE practice_id = $1 AND practitioner_id = $2 AND revoked_at IS NULL',
    [practiceId, practitionerId],
  );
  return (r.rowCount ?? 0) > 0;
}

/** The live feed a token opens, or undefined (unknown or revoked: the same answer). */
export async function findFeed(db: Queryable, token: string): Promise<CalendarFeed | undefined> {
  const r = await db.query<{ practice_id: string; practitioner_id: string }>(
    'SELECT practice_id, practitioner_id FROM calendar_feeds WHERE token_hash = $1 AND revoked_at IS NULL',
    [hashSecret(token)],
  );
  const row = r.rows[0];
  return row && { practiceId: row.practice_id, practitionerId: row.practitioner_id };
}
