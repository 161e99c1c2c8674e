import { RESOURCE_TYPES } from '@caseload/core';
import { afterEach, describe, expect, it, inject } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { MIGRATIONS } from '../src/db/migrations/index.ts';
import { GIN_PENDING_LIST_KB } from '../src/db/resource-tables.ts';
import { currentTable, historyTable } from '../src/storage/table-names.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/**
 * migrate() against a database nobody has migrated: twice in a row (a restart) and three at once
 * (a fleet starting together). Each must succeed and leave one schema, each migration applied once.
 */

const scratch: ScratchDatabase[] = [];
afterEach(async () => {
  await Promise.all(scratch.splice(0).map((db) => db.drop()));
});

async function freshDatabase(): Promise<ScratchDatabase> {
  const db = await createScratchDatabase(inject('databaseUrl'));
  scratch.push(db);
  const tables = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`);
  expect(tables).toHaveLength(0);
  return db;
}

/** The checks every migrated database must pass, however many runners migrated it. */
async function expectMigrated(db: ScratchDatabase): Promise<void> {
  const versions = await db.query<{ version: number; copies: string }>(
    'SELECT version, count(*) AS copies FROM schema_migrations GROUP BY version ORDER BY version',
  );
  expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
  expect(versions.every((v) => Number(v.copies) === 1)).toBe(true);

  const rows = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
  const tables = new Set(rows.map((r) => r.table_name));
  expect(tables).toContain('r_patient');
  expect(tables).toContain('r_patient_history');
  const missing = RESOURCE_TYPES.flatMap((type) => [currentTable(type), historyTable(type)]).filter((t) => !tables.has(t));
  expect(missing).toEqual([]);
  for (const table of ['schema_migrations', 'practices', 'server_secrets', 'idempotency_keys']) expect(tables).toContain(table);

  const hashes = await db.query(`SELECT value FROM server_secrets WHERE name = 'resource-schema-hash'`);
  expect(hashes).toHaveLength(1);
  // Every sort index of Patient exists once (IF NOT EXISTS under the lock, not a second copy).
  const indexes = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'r_patient'`,
  );
  expect(indexes.map((i) => i.indexname)).toEqual(expect.arrayContaining(['r_patient_pkey', 'r_patient_body']));
  expect(new Set(indexes.map((i) => i.indexname)).size).toBe(indexes.length);
}

describe('migrate() on a fresh database', () => {
  it('runs twice in a row without error, applying each migration once', async () => {
    const db = await freshDatabase();
    await migrate(db.url);
    await expectMigrated(db);
    const appliedAt = await db.query('SELECT version, applied_at FROM schema_migrations ORDER BY version');
    await migrate(db.url);
    await expectMigrated(db);
    // The second run found everything applied and changed nothing.
    expect(await db.query('SELECT version, applied_at FROM schema_migrations ORDER BY version')).toEqual(appliedAt);
  });

  it('runs three times at once without error, applying each migration once', async () => {
    const db = await freshDatabase();
    const results = await Promise.allSettled([migrate(db.url), migrate(db.url), migrate(db.url)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    await expectMigrated(db);
  });

  it('leaves a usable schema: a Patient row and its history row can be written', async () => {
    const db = await freshDatabase();
    await Promise.all([migrate(db.url), migrate(db.url)]);
    await db.query(
      `INSERT INTO r_patient (practice_id, id, version_id, version_seq, last_modified, body)
       VALUES ('p', 'x', 'v1', 1, now(), '{"display":"a"}')`,
    );
    await db.query(
      `INSERT INTO r_patient_history (practice_id, id, version_seq, version_id, last_modified, is_deleted, body)
       VALUES ('p', 'x', 1, 'v1', now(), false, '{"display":"a"}')`,
    );
    expect(await db.query('SELECT id FROM r_patient')).toEqual([{ id: 'x' }]);
  });

  it('keeps every GIN index of the resource tables to a short pending list, also on a database made before', async () => {
    const db = await freshDatabase();
    await migrate(db.url);
    const ginIndexes = () =>
      db.query<{ name: string; options: string[] | null }>(
        `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_am am ON am.oid = c.relam
       WHERE am.amname = 'gin' AND c.relname LIKE 'r\\_%' ORDER BY 1`,
      );
    const limit = `gin_pending_list_limit=${GIN_PENDING_LIST_KB}`;
    const made = await ginIndexes();
    expect(made.map((i) => i.name)).toEqual(expect.arrayContaining(['r_patient_body', 'r_note_body']));
    expect(made.some((i) => /^r_patient_t_/.test(i.name))).toBe(true);
    expect(made.filter((i) => !i.options?.includes(limit))).toEqual([]);
    // As a database of an earlier build: the indexes at PostgreSQL's default, and an older schema hash.
    for (const { name } of made) await db.query(`ALTER INDEX ${name} RESET (gin_pending_list_limit)`);
    await db.query(`UPDATE server_secrets SET value = 'earlier' WHERE name = 'resource-schema-hash'`);
    await migrate(db.url);
    expect((await ginIndexes()).filter((i) => !i.options?.includes(limit))).toEqual([]);
  });

  it('indexes the audit trail by patient, user, resource and time only, also on a database made before', async () => {
    const db = await freshDatabase();
    await migrate(db.url);
    const expectAuditIndexes = async () => {
      const indexes = await db.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'r_audit_event' ORDER BY 1`,
      );
      expect(indexes.filter((i) => / USING gin /.test(i.indexdef))).toEqual([]);
      // Created sorts by last_modified, whose index LastModified has.
      expect(indexes.filter((i) => /^r_audit_event_s_/.test(i.indexname))).toHaveLength(1);
      const filters = indexes.filter((i) => /^r_audit_event_f_/.test(i.indexname)).map((i) => i.indexdef);
      expect(filters).toHaveLength(3);
      for (const path of ['{patient,id}', '{agent,who,id}', '{entity,id}']) {
        expect(filters.filter((d) => d.includes(`(body #> '${path}'::text[])`))).toHaveLength(1);
      }
    };
    await expectAuditIndexes();
    // As a database of an earlier build: the audit trail's GIN index and its own Created index,
    // and an older schema hash.
    await db.query('CREATE INDEX r_audit_event_body ON r_audit_event USING gin (body jsonb_path_ops)');
    await db.query(`CREATE INDEX r_audit_event_s_created_495d9e ON r_audit_event
      (practice_id, left(COALESCE(body #>> '{created}', ''), 200) COLLATE "C", id)`);
    await db.query(`UPDATE server_secrets SET value = 'earlier' WHERE name = 'resource-schema-hash'`);
    await migrate(db.url);
    await expectAuditIndexes();
  });
});
