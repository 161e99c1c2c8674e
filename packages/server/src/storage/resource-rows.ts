import type { Resource, ResourceTypeDefinition } from '@caseload/core';
import type { AuditRecord } from '../audit/audit-writer.ts';
import { auditRowParams } from './audit-rows.ts';
import { prepared, type Queryable, type Statement } from '../db/database.ts';
import { writeError, type WriteGuard, type WriteRules } from './resource-hooks.ts';
import type { RepositoryContext, ResourceRow } from './repository-context.ts';
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

const JSON_ROW_COLUMNS = ROW_COLUMNS.replace(/\bbody\b/, 'body::text AS body');

/** A current-state row whose body is the stored JSON text (`body::text`), not a parsed object. */
export type ResourceJsonRow = Omit<ResourceRow, 'body'> & { body: string };

/**
 * `selectCurrent` without a lock, the body as PostgreSQL prints it (which is JSON): for reads
 * answered with the body unchanged, so it is neither parsed nor serialised (docs/performance.md,
 * "Bodies go out as stored").
 */
export async function selectCurrentJson(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  id: string,
  reach?: RowCondition,
): Promise<ResourceJsonRow | undefined> {
  const params: unknown[] = [practiceId, id];
  const condition = reach ? ` AND ${reach(params)}` : '';
  const result = await db.query<ResourceJsonRow>(
    prepared(`SELECT ${JSON_ROW_COLUMNS} FROM ${currentTable(type)} WHERE practice_id = $1 AND id = $2${condition}`),
    params,
  );
  return result.rows[0];
}

export function isExpired(row: ResourceRow, now: Date): boolean {
  return row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
}

export interface VersionToStore {
  resource: Resource;
  /** `resource` as JSON text, when the caller has it already (it answers with the same text). */
  json?: string;
  isDeleted: boolean;
  expiresAt: Date | null;
  keepHistory: boolean;
}

/**
 * An Idempotency-Key claimed by the write statement itself (http/idempotency.ts): its row, with
 * the answer the route will give, is inserted only if the write happened, and a key already
 * stored (or being stored by a concurrent duplicate, whose commit the insert waits for) fails the
 * whole statement with a unique violation of `idempotency_keys_pkey`, so nothing is written twice.
 */
export interface KeyClaim {
  practiceId: string;
  key: string;
  requestHash: string;
  /** The route's status for this write: 201 created, 200 replaced, 204 deleted (answered without a body). */
  status: number;
}

/** What a write statement carries besides the version: its audit row and the type's guards. */
export interface WriteExtras {
  /** The idempotency key to store with the write's answer (the version written, unless 204). */
  claim?: KeyClaim;
  /** The audit event of the write, inserted by the statement itself (only when it writes). */
  audit?: AuditRecord;
  now?: Date;
  guards?: readonly WriteGuard[];
  ctx?: RepositoryContext;
}

/** What a write statement did: written, or refused by guard number `refusedBy`. */
export interface WriteOutcome {
  written: boolean;
  refusedBy?: number;
}

/**
 * The insert of a first version as one statement: the current row, its history row (unless asked
 * not to) and its audit row, each only if the guards let it through. Nothing is written when the
 * id was taken meanwhile (`written` false): two clients creating the same new id at once get one
 * success and one conflict, never a database error.
 */
export function insertStatement(type: ResourceTypeDefinition, practiceId: string, v: VersionToStore, extras: WriteExtras = {}) {
  const params = versionParams(practiceId, v);
  const guards = guardCtes(params, v.resource, extras, 'TRUE');
  const write = `c AS (INSERT INTO ${currentTable(type)}
       (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
       SELECT $1::text, $2::text, $3::text, $4::text, 1, $5::timestamptz, $6::boolean, $7::timestamptz, $8::jsonb
       ${guards.unless}
       ON CONFLICT (practice_id, id) DO NOTHING
       RETURNING *)`;
  return writeStatement(params, guards, write, historyInsert(type, v.keepHistory), auditInsert(params, extras) + keyInsert(params, extras));
}

/**
 * The next version as one statement: replaces the current row if it is still at `expectedVersionId`
 * (the stale-version check happens in the write itself, against the row as it is when the
 * statement gets its lock), and appends history and the audit row, all only if it wrote.
 */
export function updateStatement(
  type: ResourceTypeDefinition,
  practiceId: string,
  v: VersionToStore,
  expectedVersionId: string | undefined,
  extras: WriteExtras = {},
) {
  const params = versionParams(practiceId, v);
  const versionCheck = expectedVersionId === undefined ? '' : ` AND version_id = $${params.push(expectedVersionId)}`;
  // Guards run after the row is locked (CTE l), in the order every writer locks: record, then patient.
  const guards = guardCtes(params, v.resource, extras, 'EXISTS (SELECT 1 FROM l)');
  if (guards.ctes.length > 0) {
    guards.ctes.unshift(`l AS (SELECT 1 FROM ${currentTable(type)} WHERE practice_id = $1 AND id = $2${versionCheck} FOR UPDATE)`);
  }
  const write = `c AS (UPDATE ${currentTable(type)} SET
       partition = $3, version_id = $4, version_seq = version_seq + 1, last_modified = $5,
       is_deleted = $6, expires_at = $7, body = $8::jsonb
       WHERE practice_id = $1 AND id = $2${versionCheck}${guards.and}
       RETURNING *)`;
  return writeStatement(params, guards, write, historyInsert(type, v.keepHistory), auditInsert(params, extras) + keyInsert(params, extras));
}

/** Runs a write statement now (inside the caller's transaction) and says what it did. */
export async function runWriteStatement(
  db: Queryable,
  rules: WriteRules,
  statement: { text: Statement; params: unknown[] },
  resource: Resource,
): Promise<WriteOutcome> {
  try {
    return writeOutcome((await db.query(statement.text, statement.params)).rows[0]);
  } catch (error) {
    throw writeError(rules, error, resource);
  }
}

export function writeOutcome(row: Record<string, unknown> | undefined): WriteOutcome {
  const refusedBy = Object.keys(row ?? {}).find((k) => /^g\d+$/.test(k) && row![k] === true);
  return { written: row?.written === true, ...(refusedBy && { refusedBy: Number(refusedBy.slice(1)) }) };
}

/**
 * Inserts the first version (see insertStatement). Answers false (and writes nothing) when the
 * id was taken meanwhile.
 */
export async function insertResource(
  db: Queryable,
  rules: WriteRules,
  type: ResourceTypeDefinition,
  practiceId: string,
  v: VersionToStore,
): Promise<boolean> {
  return (await runWriteStatement(db, rules, insertStatement(type, practiceId, v), v.resource)).written;
}

/** Replaces the current row with the next version and appends that version to history. */
export async function updateResource(
  db: Queryable,
  rules: WriteRules,
  type: ResourceTypeDefinition,
  practiceId: string,
  v: VersionToStore,
): Promise<void> {
  await runWriteStatement(db, rules, updateStatement(type, practiceId, v, undefined), v.resource);
}

interface GuardSql {
  ctes: string[];
  /** The guards' CTE names (g + the guard's index), each answering `refused`. */
  names: string[];
  /** `WHERE NOT (any guard refused)` for an INSERT … SELECT, or '' without guards. */
  unless: string;
  /** The same as ` AND …` for an UPDATE's WHERE. */
  and: string;
}

function guardCtes(params: unknown[], resource: Resource, extras: WriteExtras, gate: string): GuardSql {
  const ctes: string[] = [];
  const names: string[] = [];
  (extras.guards ?? []).forEach((guard, i) => {
    const sql = extras.ctx ? guard.sql(extras.ctx, resource, params, gate) : undefined;
    if (sql === undefined) return;
    ctes.push(`g${i} AS (${sql})`);
    names.push(`g${i}`);
  });
  if (ctes.length === 0) return { ctes, names, unless: '', and: '' };
  const refused = names.map((g) => `EXISTS (SELECT 1 FROM ${g} WHERE refused)`).join(' OR ');
  return { ctes, names, unless: `WHERE NOT (${refused})`, and: ` AND NOT (${refused})` };
}

function writeStatement(params: unknown[], guards: GuardSql, write: string, history: string, audit: string) {
  const names = guards.names;
  const outcome = ['EXISTS (SELECT 1 FROM c) AS written', ...names.map((g) => `EXISTS (SELECT 1 FROM ${g} WHERE refused) AS ${g}`)];
  const text = `WITH ${[...guards.ctes, write].join(',\n')}${history}${audit}
     SELECT ${outcome.join(', ')}`;
  // The text depends only on the type, the history switch and which guards apply: a small set.
  return { text: prepared(text), params };
}

/** The CTE that appends the version just written (CTE `c`) to history, unless history is off. */
function historyInsert(type: ResourceTypeDefinition, keepHistory: boolean): string {
  if (!keepHistory) return '';
  return `, h AS (INSERT INTO ${historyTable(type)}
         (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
         SELECT practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body FROM c)`;
}

/** The CTE that writes the write's audit row when (and only when) `c` wrote. */
function auditInsert(params: unknown[], extras: WriteExtras): string {
  if (!extras.audit) return '';
  const [practice, id, partition, versionId, recorded, isDeleted, body] = auditRowParams(extras.audit, extras.now ?? new Date()).map(
    (value) => `$${params.push(value)}`,
  );
  return `, a AS (INSERT INTO ${currentTable('AuditEvent')}
         (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
         SELECT ${practice}::text, ${id}::text, ${partition}::text, ${versionId}::text, 1, ${recorded}::timestamptz,
           ${isDeleted}::boolean, NULL, ${body}::jsonb FROM c)`;
}

/** The CTE that stores the idempotency key and its answer when (and only when) `c` wrote; see KeyClaim. */
function keyInsert(params: unknown[], extras: WriteExtras): string {
  const claim = extras.claim;
  if (!claim) return '';
  const [practice, key, hash, status] = [claim.practiceId, claim.key, claim.requestHash, claim.status].map(
    (value) => `$${params.push(value)}`,
  );
  // No ON CONFLICT: a taken key must abort the statement, write and all.
  return `, k AS (INSERT INTO idempotency_keys (practice_id, key, request_hash, status, response)
         SELECT ${practice}::text, ${key}::text, ${hash}::text, ${status}::integer,
           ${claim.status === 204 ? 'NULL::jsonb' : 'body'} FROM c)`;
}

function versionParams(practiceId: string, v: VersionToStore): unknown[] {
  const json = v.json ?? JSON.stringify(v.resource);
  return [
    practiceId,
    v.resource.id,
    v.resource.partition ?? null,
    v.resource.meta.versionId,
    v.resource.meta.lastModified,
    v.isDeleted,
    v.expiresAt,
    json,
  ];
}

export interface HistoryRow {
  version_id: string;
  body: Resource;
}

export async function selectHistory(db: Queryable, type: ResourceTypeDefinition, practiceId: string, id: string): Promise<HistoryRow[]> {
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
