import { getResourceType, type Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { currentTable, historyTable } from './table-names.ts';

/** Versions per statement: a thousand one-version records, fewer notes with their histories. */
const VERSIONS_PER_STATEMENT = 1000;

/** A version's tombstone flag, from its body as buildVersion writes it (`meta.isDeleted`). */
const DELETED = (v: string) => `COALESCE((${v}->'meta'->>'isDeleted')::boolean, false)`;

/** A generated record: its one stored version, or every version it went through, oldest first. */
export type GeneratedRecord = Resource | readonly Resource[];

/**
 * Writes generated records (the demo's population) straight into the resource tables, in the row
 * format the repository writes (resource-rows.ts), past the write rules and per-write audit: the
 * demo generator builds valid records itself and audits the whole import as one event. The row: the
 * current row (the last version, its `version_seq` the number of versions, `last_modified` from its
 * `meta.lastModified`) and one history row per version (a tombstone, `meta.isDeleted`, marked
 * deleted as a delete marks it), many records per statement: a thousand patients' charts in a few
 * seconds, where one API call each would take minutes. Records whose id is already stored are
 * skipped, with all their versions, so a run can be repeated or extended. Answers how many records
 * were new.
 */
export async function insertGenerated(db: Queryable, practiceId: string, records: readonly GeneratedRecord[]): Promise<number> {
  const byType = new Map<string, (readonly Resource[])[]>();
  for (const record of records) {
    const versions: readonly Resource[] = Array.isArray(record) ? record : [record as Resource];
    const typeName = versions[0]!.resourceType;
    let list = byType.get(typeName);
    if (!list) byType.set(typeName, (list = []));
    list.push(versions);
  }
  let inserted = 0;
  for (const [typeName, list] of byType) {
    const type = getResourceType(typeName);
    if (!type || type.scope !== 'practice') throw new Error(`${typeName} is not a practice resource type.`);
    for (const chunk of chunks(list)) {
      const r = await db.query<{ records: string }>(
        `WITH chains AS (SELECT c FROM jsonb_array_elements($2::jsonb) AS c),
         cur AS (
           INSERT INTO ${currentTable(type)} (practice_id, id, partition, version_id, version_seq, last_modified,
             is_deleted, expires_at, body)
           SELECT $1, r->>'id', r->>'partition', r->'meta'->>'versionId', jsonb_array_length(c),
             (r->'meta'->>'lastModified')::timestamptz, ${DELETED('r')}, NULL, r
           FROM chains, LATERAL (SELECT c->(jsonb_array_length(c) - 1) AS r) AS last
           ON CONFLICT (practice_id, id) DO NOTHING
           RETURNING id),
         h AS (
           INSERT INTO ${historyTable(type)} (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
           SELECT $1, v->>'id', o, v->'meta'->>'versionId', v->>'partition', (v->'meta'->>'lastModified')::timestamptz, ${DELETED('v')}, v
           FROM chains, jsonb_array_elements(c) WITH ORDINALITY AS e(v, o)
           WHERE c->0->>'id' IN (SELECT id FROM cur)
           RETURNING 1)
         SELECT (SELECT count(*) FROM cur) AS records, (SELECT count(*) FROM h) AS versions`,
        [practiceId, JSON.stringify(chunk)],
      );
      inserted += Number(r.rows[0]!.records);
    }
  }
  return inserted;
}

/**
 * Fresh planner statistics for the tables of these types, just filled in bulk: until autovacuum
 * gets to them the planner thinks them nearly empty and picks scans that make the first queries slow.
 */
export async function analyzeTables(db: Queryable, typeNames: Iterable<string>): Promise<void> {
  for (const typeName of typeNames) await db.query(`ANALYZE ${currentTable(typeName)}`);
}

/** The records in statements of at most VERSIONS_PER_STATEMENT versions (at least one record each). */
function* chunks(list: (readonly Resource[])[]): Generator<(readonly Resource[])[]> {
  let chunk: (readonly Resource[])[] = [];
  let versions = 0;
  for (const record of list) {
    if (chunk.length > 0 && versions + record.length > VERSIONS_PER_STATEMENT) {
      yield chunk;
      chunk = [];
      versions = 0;
    }
    chunk.push(record);
    versions += record.length;
  }
  if (chunk.length > 0) yield chunk;
}
