import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CASELOAD_SERVER, startChildServer } from './child-server.ts';
import { runLoad, type Workload } from './load.ts';
import { PatientWorkloads, patientBody } from './patient-workloads.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres, withClient } from './postgres.ts';
import { BENCH_ADMIN, signIn } from './session.ts';
import { envInt } from './table.ts';

/**
 * Profiles the server's write path: starts it with `--cpu-prof` (profile written to
 * BENCH_PROFILE_DIR when it stops), signs in, provisions a practice and drives Patient writes with
 * autocannon. BENCH_PROFILE_WORKLOAD picks them: `keyed-create` (the default: an Idempotency-Key
 * on each, as the web client's queue sends), `create` and `patch` (as bench/api-throughput.ts
 * sends them; patches go to 128 seeded patients, each answer's version kept), and `read` and
 * `mixed` (bench/api-throughput.ts's reads by id and its mixed load, over 2,000 seeded patients).
 * Summarise with `npx tsx bench/support/cpu-profile-summary.ts FILE --skip-seconds N --requests N`.
 * Run: `BENCH_PROFILE_DIR=/tmp/prof npx tsx bench/support/profile-writes.ts` (env BENCH_SECONDS (15),
 * BENCH_CONNECTIONS (64), BENCH_PROFILE_WORKLOAD).
 */
const DATABASE = 'caseload_bench_profile_writes';
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(os.tmpdir(), 'caseload-profile');
const seconds = envInt('BENCH_SECONDS', 15);
const connections = envInt('BENCH_CONNECTIONS', 64);
const workloadName = process.env.BENCH_PROFILE_WORKLOAD ?? 'keyed-create';
if (!['keyed-create', 'create', 'patch', 'read', 'mixed'].includes(workloadName))
  throw new Error(`unknown BENCH_PROFILE_WORKLOAD ${workloadName}`);
await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-bench-'));
const started = Date.now();
const server = await startChildServer(
  CASELOAD_SERVER,
  { PORT: '0', DATABASE_URL: databaseUrl, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN },
  'caseload',
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);
try {
  const headers = await signIn(server.url);
  const provisioned = await fetch(`${server.url}/api/v1/database/bench`, { method: 'POST', headers });
  if (!provisioned.ok) throw new Error(`provisioning failed: ${provisioned.status}`);
  const collection = '/api/v1/practices/bench/Patients';
  const seedFirst = workloadName === 'read' || workloadName === 'mixed';
  if (seedFirst) {
    const seeded = await runLoad(server.url, new PatientWorkloads(collection, []).create, { amount: 2000, connections: 16, headers });
    if (seeded.failures > 0) throw new Error(`seeding failed: ${JSON.stringify(seeded.failureStatuses)}`);
  }
  const storedVersions = () =>
    withClient(databaseUrl, async (db) => {
      const rows = await db.query<{ id: string; version_id: string }>('SELECT id, version_id FROM r_patient WHERE practice_id = $1', [
        'bench',
      ]);
      return new Map(rows.rows.map((r) => [r.id, r.version_id]));
    });
  const patients = new PatientWorkloads(collection, seedFirst ? [...(await storedVersions()).keys()] : []);
  if (workloadName === 'patch') {
    const seeded = await runLoad(server.url, patients.create, { amount: 128, connections: 8, headers });
    if (seeded.failures > 0) throw new Error(`seeding failed: ${JSON.stringify(seeded.failureStatuses)}`);
  }
  const workloads: Record<string, Workload> = {
    create: patients.create,
    patch: patients.patch,
    read: patients.read,
    mixed: patients.mixed,
    'keyed-create': () => ({ method: 'POST', path: collection, body: patientBody(), headers: { 'idempotency-key': randomUUID() } }),
  };
  const workload = workloads[workloadName]!;
  patients.setVersions(await storedVersions());
  await runLoad(server.url, workload, { seconds: 3, connections, headers });
  // A patch cut off by the end of the warm-up may or may not have committed: versions are re-read.
  patients.setVersions(await storedVersions());
  const measuredFrom = (Date.now() - started) / 1000;
  const figures = await runLoad(server.url, workload, { seconds, connections, headers });
  console.log(
    `skip the first ${measuredFrom.toFixed(1)} s of the profile; ` +
      `${figures.responses} ${workloadName} requests measured (${figures.failures} failed)`,
  );
} finally {
  await server.stop();
  await dropDatabase(DATABASE);
}
console.log(`profile in ${profileDir}`);
