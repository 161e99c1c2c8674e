import type { Migration } from './index.ts';

/**
 * Kiosk sessions (docs/portal.md, "Kiosk mode"): staff hand the clinic's tablet to a patient to
 * fill one packet in. The session's token is its only credential and opens that one packet
 * response and nothing else; only its hash is stored. It ends when it expires, when the packet is
 * sent from it (`finished_at`), or when another kiosk is opened for the same packet (`revoked_at`).
 */
export const kioskSessions: Migration = {
  version: 9,
  name: 'kiosk sessions',
  async up(db) {
    await db.query(`
      CREATE TABLE kiosk_sessions (
        token_hash text PRIMARY KEY,
        practice_id text NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
        packet_response_id text NOT NULL,
        patient_id text NOT NULL,
        opened_by_account text NOT NULL,
        opened_by jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        finished_at timestamptz,
        revoked_at timestamptz
      );
      CREATE UNIQUE INDEX kiosk_sessions_live ON kiosk_sessions (practice_id, packet_response_id)
        WHERE revoked_at IS NULL AND finished_at IS NULL;
    `);
  },
};
