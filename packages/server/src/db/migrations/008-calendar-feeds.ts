import type { Migration } from './index.ts';

/**
 * Calendar feeds (docs/scheduling.md, "The iCalendar feed"): a clinician's read-only feed URL
 * carries a secret of its own; only its hash is stored. Revoking stamps `revoked_at`; at most one
 * live feed per clinician. A removed practice takes its feeds with it.
 */
export const calendarFeeds: Migration = {
  version: 8,
  name: 'calendar feeds',
  async up(db) {
    await db.query(`
      CREATE TABLE calendar_feeds (
        token_hash text PRIMARY KEY,
        practice_id text NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
        practitioner_id text NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE UNIQUE INDEX calendar_feeds_live ON calendar_feeds (practice_id, practitioner_id) WHERE revoked_at IS NULL;
    `);
  },
};
