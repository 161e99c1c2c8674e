import { execFileSync } from 'node:child_process';
import pg from 'pg';

/** The machine's PostgreSQL 15 (trust auth on loopback), as the benchmarks brief names it. */
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts the local cluster when nothing answers on the port; anything else is a real failure. */
export async function ensurePostgres(): Promise<void> {
  try {
    await withAdmin(async () => {});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
    console.log('PostgreSQL is down; starting cluster 15/main');
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'start'], { stdio: 'inherit' });
    await withAdmin(async () => {});
  }
}

/** Drops any leftover from an interrupted run, so every run starts from an empty database. */
export async function createFreshDatabase(name: string): Promise<string> {
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
  return databaseUrl(name);
}

export async function databaseExists(name: string): Promise<boolean> {
  return withAdmin(async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/** One short-lived client on a database of the cluster. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(ADMIN_URL, work);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Brings a bench database to the same quiet state before each measurement: every table vacuumed
 * and analysed (what autovacuum does on a live database, now rather than during the next
 * measurement: after a load that inserted tens of thousands of rows, its pass fell inside
 * whichever server was measured next; and freshly seeded tables have no statistics and an
 * unmerged GIN pending list until then, so the planner picked a full scan for queries), no
 * autovacuum worker left running, and the dirty pages written (a checkpoint), so neither server
 * pays for the writes of the one before it.
 */
export async function quiesceDatabase(url: string, name: string): Promise<void> {
  await withClient(url, async (db) => {
    await db.query('VACUUM ANALYZE');
    for (let waited = 0; waited < 30_000; waited += 200) {
      const workers = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = $1",
        [name],
      );
      if (workers.rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await db.query('CHECKPOINT');
  });
}
