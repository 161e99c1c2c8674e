import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: string;
  }
}

const PG15_ADMIN = process.env.PG15_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * One database for the whole integration run, fresh each time: the embedded PostgreSQL in a new
 * folder (default), or a new database on the machine's PostgreSQL 15 (CASELOAD_TEST_DB=pg15).
 * Test files share it; each works in its own practice network, so they never see each other.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.CASELOAD_TEST_DB ?? 'embedded';
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let url: string;
  if (kind === 'pg15') {
    const name = `caseload_test_${process.pid}`;
    await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(`CREATE DATABASE ${name}`);
    url = PG15_ADMIN.replace(/\/[^/]*$/, `/${name}`);
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-test-db-'));
    await fs.chmod(dataDir, 0o755);
    embedded = await startEmbeddedDatabase(dataDir, () => {});
    url = embedded.url;
  }
  project.provide('databaseUrl', url);
  project.provide('databaseKind', kind);
  return async () => {
    if (embedded) await embedded.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    if (kind === 'pg15') await adminQuery(`DROP DATABASE IF EXISTS caseload_test_${process.pid} WITH (FORCE)`);
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG15_ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
