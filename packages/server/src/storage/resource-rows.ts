import type { Resource, ResourceTypeDefinition } from '@caseload/core';
import { prepared, type Queryable } from '../db/database.ts';
import type { ResourceRow } from './repository-context.ts';
import { currentTable, historyTable } from './table-names.ts';

/** The SQL of single-resource reads and writes; nothing here decides, it only stores and fetches. */

/** Column list of a current-state row, as `ResourceRow` reads it. */
export const ROW_COLUMNS = 'id, partition, version_id, version_seq, is_deleted, expires_at, body';

/** Limits rows to those a caller reaches; appends its parameters (see AccessPolicy.rowCondition). */
export type RowCondition = (params: unknown[]) => string;

export async function selectCurrent(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  id: string,
  forUpdate = false,
  reach?: RowCondition,
): Promise<ResourceRow | undefined> {
  const lock = forUpdate ? ' FOR UPDATE' : '';
  const params: unknown[] = [practiceId, id];
  const condition = reach ? ` AND ${reach(params)}` : '';
  const result = await db.query<ResourceRow>(
    // The reach condition's text depends only on the caller's kind of population, so these are few.
    prepared(`SELECT ${ROW_COLUMNS} FROM ${currentTable(type)} WHERE practice_id = $1 AND id = $2${condition}${lock}`),
    params,
  );
  return result.rows[0];
}

export function isExpired(row: ResourceRow, now: Date): boolean {
  return row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
}

export interface VersionToStore {
  resource: Resource;
  isDeleted: boolean;
  expiresAt: Date | null;
  keepHistory: boolean;
}

/**
 * Inserts the first version: the current row and, unless asked not to, its history row, in one
 * statement. Answers false (and writes nothing) when the id was taken meanwhile: two clients
 * creating the same new id at once get one success and one conflict, never a database error.
 */
export async function insertResource(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  v: VersionToStore,
): Promise<boolean> {
  const params = versionParams(practiceId, v);
  const history = historyInsert(type, v.keepHistory);
  const result = await db.query(
    `WITH c AS (INSERT INTO ${currentTable(type)}
       (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
       VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8::jsonb)
       ON CONFLICT (practice_id, id) DO NOTHING
       RETURNING *)${history}
     SELECT 1 FROM c`,
    params,
  );
  return (result.rowCount ?? 0) > 0;
}

/** Replaces the current row with the next version and appends that version to history. */
export async function updateResource(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  v: VersionToStore,
): Promise<void> {
  const params = versionParams(practiceId, v);
  const history = historyInsert(type, v.keepHistory);
  await db.query(
    `WITH c AS (UPDATE ${currentTable(type)} SET
       partition = $3, version_id = $4, version_seq = version_seq + 1, last_modified = $5,
       is_deleted = $6, expires_at = $7, body = $8::jsonb
       WHERE practice_id = $1 AND id = $2
       RETURNING *)${history}
     SELECT 1 FROM c`,
    params,
  );
}

/** The CTE that appends the version just written (CTE `c`) to history, unless history is off. */
function historyInsert(type: ResourceTypeDefinition, keepHistory: boolean): string {
  if (!keepHistory) return '';
  return `, h AS (INSERT INTO ${historyTable(type)}
         (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
         SELECT practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body FROM c)`;
}

function versionParams(practiceId: string, v: VersionToStore): unknown[] {
  return [
    practiceId,
    v.resource.id,
    v.resource.partition ?? null,
    v.resource.meta.versionId,
    v.resource.meta.lastModified,
    v.isDeleted,
    v.expiresAt,
    JSON.stringify(v.resource),
  ];
}

export interface HistoryRow {
  version_id: string;
  body: Resource;
}

export async function selectHistory(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  id: string,
): Promise<HistoryRow[]> {
  const result = await db.query<HistoryRow>(
    `SELECT version_id, body FROM ${historyTable(type)}
     WHERE practice_id = $1 AND id = $2 ORDER BY version_seq DESC`,
    [practiceId, id],
  );
  return result.rows;
}

export async function selectVersion(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  id: string,
  versionId: string,
): Promise<Resource | undefined> {
  const result = await db.query<{ body: Resource }>(
    `SELECT body FROM ${historyTable(type)} WHERE practice_id = $1 AND id = $2 AND version_id = $3`,
    [practiceId, id, versionId],
  );
  return result.rows[0]?.body;
}
