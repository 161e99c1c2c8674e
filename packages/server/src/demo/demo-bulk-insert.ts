import { getResourceType, type Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { currentTable, historyTable } from '../storage/table-names.ts';

const CHUNK = 1000;

/**
 * Writes generated first versions straight into the resource tables, in the row format the
 * storage layer writes (storage/resource-rows.ts: the current row and its history row, version
 * 1, `last_modified` from `meta.lastModified`), many per statement: a thousand patients' charts
 * in a few seconds, where one API call each would take minutes. Records whose id is already
 * stored are skipped, so a run can be repeated or extended. Answers how many were new.
 */
export async function insertGenerated(db: Queryable, practiceId: string, resources: readonly Resource[]): Promise<number> {
  const byType = new Map<string, Resource[]>();
  for (const r of resources) byType.set(r.resourceType, [...(byType.get(r.resourceType) ?? []), r]);
  let inserted = 0;
  for (const [typeName, list] of byType) {
    const type = getResourceType(typeName);
    if (!type || type.scope !== 'practice') throw new Error(`${typeName} is not a practice resource type.`);
    for (let i = 0; i < list.length; i += CHUNK) {
      const r = await db.query(
        `WITH c AS (
           INSERT INTO ${currentTable(type)} (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
           SELECT $1, r->>'id', r->>'partition', r->'meta'->>'versionId', 1, (r->'meta'->>'lastModified')::timestamptz, false, NULL, r
           FROM jsonb_array_elements($2::jsonb) AS r
           ON CONFLICT (practice_id, id) DO NOTHING
           RETURNING practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
         INSERT INTO ${historyTable(type)} (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
         SELECT * FROM c`,
        [practiceId, JSON.stringify(list.slice(i, i + CHUNK))],
      );
      inserted += r.rowCount ?? 0;
    }
  }
  return inserted;
}
