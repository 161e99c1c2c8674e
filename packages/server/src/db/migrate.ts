import pg from 'pg';
import { DEFAULT_DATABASE_LIMITS } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { syncResourceTables } from './resource-tables.ts';

// Any fixed number works; every Caseload server uses the same one, so only one migrates at a time.
const MIGRATION_LOCK = 7_214_330_021;

/**
 * Applies pending migrations and the registry's resource tables. Safe to run twice and from two
 * servers at once: a session-level advisory lock serialises them, and each migration commits with
 * its version row, so a second runner finds it applied. Migrations have no statement limit (an
 * index build on a large table takes what it takes), only the wait for the connection.
 */
export async function migrate(connectionString: string, connectMs = DEFAULT_DATABASE_LIMITS.connectMs): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs });
  // A connection lost mid-way fails the statement in flight, or the next: the start fails with it.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(applied.rows.map((r) => r.version));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await migration.up(client);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    await syncResourceTables(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
