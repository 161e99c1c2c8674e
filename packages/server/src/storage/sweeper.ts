import { RESOURCE_TYPES } from '@caseload/core';
import type { ContentStore } from '../content/content-store.ts';
import { contentKeys } from '../content/content-keys.ts';
import type { Database } from '../db/database.ts';
import { currentTable, historyTable } from './table-names.ts';

const EVERY_MS = 60_000;

/**
 * Removes what has outlived its time: resources past their time-to-live (current and history
 * rows; reads already hide them the moment they expire) and idempotency keys older than a day.
 * Every server may run it; the deletes are idempotent. It is long work (docs/architecture.md,
 * "Time limits"); a sweep that fails (the database away) is reported and tried again next time.
 */
export function startSweeper(
  database: Database,
  content: ContentStore,
  log: (message: string) => void,
): { stop(): void; sweep(): Promise<void> } {
  const db = database.forLongWork();
  const sweep = async () => {
    for (const type of RESOURCE_TYPES) {
      const expired = await db.query<{ practice_id: string; id: string }>(
        `WITH gone AS (DELETE FROM ${currentTable(type)} WHERE expires_at <= now() RETURNING practice_id, id),
         h AS (DELETE FROM ${historyTable(type)} h USING gone WHERE h.practice_id = gone.practice_id AND h.id = gone.id)
         SELECT practice_id, id FROM gone`,
      );
      // Their content bytes go too: nothing may outlive a resource's time-to-live.
      for (const row of expired.rows) await content.deletePrefix(contentKeys(row.practice_id, type, row.id).folder);
    }
    await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'`);
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) =>
      log(`The sweep of expired resources failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
