import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '../audit/audit-writer.ts';
import { prepared, type Queryable, type Statement } from '../db/database.ts';
import { currentTable } from './table-names.ts';

/** The SQL of audit events: rows of the AuditEvent table, written by the audit writer's batches and inside writes. */

const TABLE = currentTable('AuditEvent');
const COLUMNS = 7;

function toParams(record: AuditRecord, now: Date | string): unknown[] {
  const params: unknown[] = [];
  pushParams(params, record, typeof now === 'string' ? now : now.toISOString());
  return params;
}

/** Appends one event's 7 values to a batch's parameters (`nowIso` shared by the batch). */
function pushParams(params: unknown[], record: AuditRecord, nowIso: string): void {
  const id = randomUUID();
  const recorded = record.event.recorded ?? nowIso;
  // Object.assign rather than a spread literal: V8 builds this one much faster, and every audited
  // request builds one (docs/performance.md, "Node's work per write").
  const body = Object.assign({}, record.event, {
    resourceType: 'AuditEvent',
    id,
    recorded,
    created: recorded,
    meta: { versionId: id, lastModified: recorded },
  });
  params.push(record.practiceId, id, record.event.patient?.id ?? null, id, recorded, false, JSON.stringify(body));
}

/** Prepared statements by batch size, built once each (a flush happens many times a second). */
const statements: Statement[] = [];

/**
 * Batches up to this size are prepared, one statement per size: a busy read load flushes batches
 * well under it, and planning each one's INSERT was a part of every event's cost worth saving
 * (docs/performance.md, "Audit batches"). Larger batches are rare, their texts long, and the parse
 * is shared by all their events anyway.
 */
const PREPARED_ROWS = 64;

/** The INSERT of `rows` events. */
function insertSql(rows: number): Statement {
  if (rows > PREPARED_ROWS) return insertText(rows);
  return (statements[rows] ??= prepared(insertText(rows)));
}

function insertText(rows: number): string {
  const values = Array.from({ length: rows }, (_, r) => {
    const b = r * COLUMNS;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, 1, $${b + 5}, $${b + 6}, NULL, $${b + 7}::jsonb)`;
  });
  return `INSERT INTO ${TABLE} (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
          VALUES ${values.join(', ')}`;
}

/**
 * The values of one audit row, in the order of the INSERT above (practice_id, id, partition,
 * version_id, last_modified, is_deleted, body): for a write statement that inserts its own audit
 * row in a CTE (storage/resource-rows.ts) instead of a statement of its own.
 */
export const auditRowParams = toParams;

/** Writes a batch of events in one INSERT, all recorded at `nowIso` unless an event says when. */
export async function insertAuditRows(db: Queryable, records: readonly AuditRecord[], nowIso: string): Promise<void> {
  const params: unknown[] = [];
  for (const record of records) pushParams(params, record, nowIso);
  await db.query(insertSql(records.length), params);
}

/** Records an audit event inside the caller's transaction: it commits or rolls back with the write. */
export async function recordAuditIn(tx: Queryable, record: AuditRecord, now: Date): Promise<void> {
  await tx.query(insertSql(1), toParams(record, now));
}
