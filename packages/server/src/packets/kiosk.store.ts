import type { Reference } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { hashSecret, newSecret } from '../identity/session-store.ts';

/** A live kiosk session found by its token. */
export interface KioskSession {
  practiceId: string;
  packetResponseId: string;
  patientId: string;
  openedByAccount: string;
  openedBy: Reference;
  expiresAt: Date;
  finishedAt?: Date;
}

/**
 * A new kiosk session for one packet response, in the caller's transaction: a live one for the
 * same packet is revoked first (one device at a time). Answers the token, which only the device
 * holds: the table keeps its hash.
 */
export async function createKioskSession(tx: Queryable, session: Omit<KioskSession, 'finishedAt'>): Promise<string> {
  await revokeKioskSessions(tx, session.practiceId, session.packetResponseId);
  const token = newSecret();
  await tx.query(
    `INSERT INTO kiosk_sessions (token_hash, practice_id, packet_response_id, patient_id, opened_by_account, opened_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      hashSecret(token),
      session.practiceId,
      session.packetResponseId,
      session.patientId,
      session.openedByAccount,
      JSON.stringify(session.openedBy),
      session.expiresAt,
    ],
  );
  return token;
}

/** Ends the live kiosk sessions of a packet response; answers how many there were. */
export async function revokeKioskSessions(db: Queryable, practiceId: string, packetResponseId: string): Promise<number> {
  const r = await db.query(
    `UPDATE kiosk_sessions SET revoked_at = now()
     WHERE practice_id = $1 AND packet_response_id = $2 AND revoked_at IS NULL AND finished_at IS NULL`,
    [practiceId, packetResponseId],
  );
  return r.rowCount ?? 0;
}

/**
 * The session a token opens, unrevoked, finished or not (a finished one only locks the device);
 * undefined for an unknown, revoked or expired token: the same answer.
 */
export async function findKioskSession(db: Queryable, token: string, now: Date): Promise<KioskSession | undefined> {
  const r = await db.query<{
    practice_id: string;
    packet_response_id: string;
    patient_id: string;
    opened_by_account: string;
    opened_by: Reference;
    expires_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT practice_id, packet_response_id, patient_id, opened_by_account, opened_by, expires_at, finished_at
     FROM kiosk_sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [hashSecret(token), now],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    practiceId: row.practice_id,
    packetResponseId: row.packet_response_id,
    patientId: row.patient_id,
    openedByAccount: row.opened_by_account,
    openedBy: row.opened_by,
    expiresAt: new Date(row.expires_at),
    ...(row.finished_at && { finishedAt: new Date(row.finished_at) }),
  };
}

/** The packet was sent from the kiosk: from now on it shows only "Thank you". */
export async function finishKioskSession(db: Queryable, token: string): Promise<void> {
  await db.query('UPDATE kiosk_sessions SET finished_at = now() WHERE token_hash = $1 AND finished_at IS NULL', [hashSecret(token)]);
}
