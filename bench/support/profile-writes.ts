import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChildServer } from './child-server.ts';
import { runLoad } from './load.ts';
import { patientBody } from './patient-workloads.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './postgres.ts';
import { BENCH_ADMIN, signIn } from './session.ts';
import { envInt } from './table.ts';

/**
 * Profiles the server's create path: starts it with `--cpu-prof` (profile written to
 * BENCH_PROFILE_DIR when it stops), signs in, provisions a practice and drives keyed creates of
 * Patients (an Idempotency-Key on each, as the web client's queue sends) with autocannon.
 * Summarise with `npx tsx bench/support/cpu-profile-summary.ts FILE --skip-seconds N --requests N`.
 * Run: `BENCH_PROFILE_DIR=/tmp/prof npx tsx bench/support/profile-writes.ts` (env BENCH_SECONDS (15), BENCH_CONNECTIONS (64)).
 */
const DATABASE = 'caseload_bench_profile_writes';
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(os.tmpdir(), 'caseload-profile');
const seconds = envInt('BENCH_SECONDS', 15);
const connections = envInt('BENCH_CONNECTIONS', 64);
await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-bench-'));
const started = Date.now();
const server = await startChildServer(
  'packages/server/src/main.ts',
  { PORT: '0', DATABASE_URL: databaseUrl, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN },
  'caseload',
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);
try {
  const headers = await signIn(server.url);
  const provisioned = await fetch(`${server.url}/api/v1/database/bench`, { method: 'POST', headers });
  if (!provisioned.ok) throw new Error(`provisioning failed: ${provisioned.status}`);
    const create = () => ({ method: 'POST' as const, path: '/api/v1/practices/bench/Patients', body: patientBody(), headers: { 'idempotency-key': randomUUID() } });
  await runLoad(server.url, create, { seconds: 3, connections, headers });
  const measuredFrom = (Date.now() - started) / 1000;
  const figures = await runLoad(server.url, create, { seconds, connections, headers });
  console.log(`skip the first ${measuredFrom.toFixed(1)} s of the profile; ${figures.responses} creates measured (${figures.failures} failed)`);
} finally {
  await server.stop();
  await dropDatabase(DATABASE);
}
console.log(`profile in ${profileDir}`);
