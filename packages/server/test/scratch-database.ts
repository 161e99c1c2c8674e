import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of its own on the run's PostgreSQL server (embedded or PostgreSQL 15), for
 * tests that need a schema nobody has migrated yet. Created through the `postgres` maintenance
 * database with the credentials of `runDatabaseUrl`; `drop()` removes it, sessions and all.
 */
export interface ScratchDatabase {
  name: string;
  url: string;
  /** Runs one statement in the scratch database and returns its rows. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function run(url: string, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(runDatabaseUrl: string): Promise<ScratchDatabase> {
  const admin = withDatabase(runDatabaseUrl, 'postgres');
  // A generated identifier (letters, digits, underscores), so it is safe to splice into DDL.
  const name = `caseload_scratch_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await run(admin, `CREATE DATABASE ${name}`);
  const url = withDatabase(runDatabaseUrl, name);
  return {
    name,
    url,
    async query(sql, params) {
      return (await run(url, sql, params)).rows;
    },
    async drop() {
      await run(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
