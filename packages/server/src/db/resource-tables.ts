import { createHash } from 'node:crypto';
import { RESOURCE_TYPES, type ResourceTypeDefinition } from '@caseload/core';
import { filterIndexDdl, textSearchDdl } from '../storage/filter-index-sql.ts';
import { sortExpression } from '../storage/sort-sql.ts';
import { currentTable, historyTable } from '../storage/table-names.ts';
import type { Queryable } from './database.ts';

/** The types a principal is computed from (access/principal.ts): roles, population level, programs. */
const PRINCIPAL_SOURCES = new Set(['SecurityRole', 'PracticePreferences', 'Practitioner']);

/** Whether a write of this type notifies caller changes (its table has the trigger below). */
export function notifiesCallerChanges(type: ResourceTypeDefinition): boolean {
  return PRINCIPAL_SOURCES.has(type.name);
}

/**
 * The DDL for one resource type: a current-state table and an append-only history table, keys
 * leading with the practice id (so the tables can be distributed by practice), the partition
 * (patient id) as a column, and an index for every declared sort field, within the practice and,
 * for partitioned types, within one patient's partition. Types that declare filter indexes get
 * them (each over its fields, then last_modified), and types with text search a stored searchable
 * text column with a trigram index (storage/filter-index-sql.ts).
 */
export function resourceTableDdl(type: ResourceTypeDefinition): string[] {
  const current = currentTable(type);
  const history = historyTable(type);
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${current} (
      practice_id text NOT NULL,
      id text NOT NULL,
      partition text,
      version_id text NOT NULL,
      version_seq integer NOT NULL,
      last_modified timestamptz NOT NULL,
      is_deleted boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      body jsonb NOT NULL,
      PRIMARY KEY (practice_id, id)
    )`,
    `CREATE TABLE IF NOT EXISTS ${history} (
      practice_id text NOT NULL,
      id text NOT NULL,
      version_seq integer NOT NULL,
      version_id text NOT NULL,
      partition text,
      last_modified timestamptz NOT NULL,
      is_deleted boolean NOT NULL,
      body jsonb NOT NULL,
      PRIMARY KEY (practice_id, id, version_seq)
    )`,
    // Filters compile to jsonpath tests (`body @? path`), which this index serves; a type
    // without it (the audit trail) drops the one an earlier build made.
    type.bodyIndexed
      ? `CREATE INDEX IF NOT EXISTS ${current}_body ON ${current} USING gin (body jsonb_path_ops)`
      : `DROP INDEX IF EXISTS ${current}_body`,
    `CREATE INDEX IF NOT EXISTS ${current}_expires ON ${current} (expires_at) WHERE expires_at IS NOT NULL`,
  ];
  const sorted = new Set<string>();
  for (const [name, source] of Object.entries(type.sortFields)) {
    const expression = sortExpression(source);
    // Two sort fields reading the same value (an AuditEvent's Created is its last_modified) share
    // the first one's indexes.
    if (sorted.has(expression)) continue;
    sorted.add(expression);
    // The name carries a digest of the expression, so a changed expression gets a new index
    // (and the stale one is dropped by syncResourceTables) rather than silently keeping the old.
    const suffix = `${name.toLowerCase()}_${createHash('sha256').update(expression).digest('hex').slice(0, 6)}`;
    statements.push(`CREATE INDEX IF NOT EXISTS ${current}_s_${suffix} ON ${current} (practice_id, ${expression}, id)`);
    if (type.partitioned) {
      statements.push(`CREATE INDEX IF NOT EXISTS ${current}_p_${suffix} ON ${current} (practice_id, partition, ${expression}, id)`);
    }
  }
  for (const fields of type.filterIndexes ?? []) statements.push(filterIndexDdl(current, fields));
  statements.push(...textSearchDdl(current, type));
  statements.push(...ginPendingListDdl(statements));
  if (notifiesCallerChanges(type)) {
    // Every server's cached principals of the practice are recomputed once the change commits.
    statements.push(`CREATE OR REPLACE TRIGGER ${current}_caller_change AFTER INSERT OR UPDATE OR DELETE ON ${current}
      FOR EACH ROW EXECUTE FUNCTION caseload_notify_practice_change()`);
  }
  return statements;
}

/**
 * The pending list of a GIN index (kB). Inserts go to it, and the insert that fills it merges all
 * of it into the index while everything waiting on that insert waits too: at PostgreSQL's 4 MB
 * those merges were long enough to show in the p99 of every request waiting on them. A sixteenth
 * of that keeps each merge short, for slightly slower inserts overall (docs/performance.md, "GIN
 * pending lists"). The audit trail has no GIN index ("The audit trail without a body index");
 * every other type's writes meet these merges.
 */
export const GIN_PENDING_LIST_KB = 256;

/** `ALTER INDEX ... SET (gin_pending_list_limit = ...)` for each GIN index the statements create. */
function ginPendingListDdl(statements: readonly string[]): string[] {
  // ALTER rather than WITH on CREATE: CREATE INDEX IF NOT EXISTS leaves an existing index as it is.
  return statements.flatMap((statement) => {
    const name = /^CREATE INDEX IF NOT EXISTS (\S+) ON \S+ USING gin /.exec(statement)?.[1];
    return name ? [`ALTER INDEX ${name} SET (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`] : [];
  });
}

/**
 * Brings every resource table in line with the registry. Idempotent; skipped entirely when the
 * registry's DDL has not changed since the last start (its hash is remembered).
 */
export async function syncResourceTables(db: Queryable): Promise<void> {
  const ddl = RESOURCE_TYPES.flatMap(resourceTableDdl);
  const hash = createHash('sha256').update(ddl.join(';\n')).digest('hex');
  const seen = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'resource-schema-hash'`);
  if (seen.rows[0]?.value === hash) return;
  for (const statement of ddl) await db.query(statement);
  await dropStaleSortIndexes(db, ddl);
  await dropStaleSearchColumns(db, ddl);
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ('resource-schema-hash', $1)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    [hash],
  );
}

/**
 * Sort, filter and text indexes no longer in the registry's DDL (a sort field removed or its
 * expression changed, indexed filter fields or text-search paths changed).
 */
async function dropStaleSortIndexes(db: Queryable, ddl: string[]): Promise<void> {
  const wanted = new Set(ddl.map((d) => /INDEX IF NOT EXISTS (\S+)/.exec(d)?.[1]).filter(Boolean));
  const existing = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ` +
      `AND indexname ~ '^r_[a-z_]+_((s|p)_[a-z]+(_[0-9a-f]{6})?|(f|t)_[0-9a-f]{6})$'`,
  );
  for (const { indexname } of existing.rows) {
    if (!wanted.has(indexname)) await db.query(`DROP INDEX IF EXISTS ${indexname}`);
  }
}

/** Searchable-text columns of text-search paths the registry no longer declares (their index goes with them). */
async function dropStaleSearchColumns(db: Queryable, ddl: string[]): Promise<void> {
  const wanted = new Set(
    ddl.map((d) => /^ALTER TABLE (\S+) ADD COLUMN IF NOT EXISTS (search_[0-9a-f]{6})/.exec(d)?.slice(1).join('.')).filter(Boolean),
  );
  const existing = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name ~ '^r_' AND column_name ~ '^search_[0-9a-f]{6}$'`,
  );
  for (const { table_name: table, column_name: column } of existing.rows) {
    if (!wanted.has(`${table}.${column}`)) await db.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS ${column}`);
  }
}
