import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CASELOAD_SERVER, REPO_ROOT, startChildServer } from './support/child-server.ts';
import { startCostMeter } from './support/cost-meter.ts';
import { runLoad, type Workload } from './support/load.ts';
import { describeMachine } from './support/machine.ts';
import { PatientWorkloads, patientBody } from './support/patient-workloads.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres, withClient } from './support/postgres.ts';
import { BENCH_ADMIN, signIn } from './support/session.ts';
import { envInt, fixed, printTable } from './support/table.ts';

/**
 * What one write costs Caseload, piece by piece: for each kind of create and patch, the statements
 * the server sends to PostgreSQL per request (each is one round trip; BEGIN, COMMIT and the caller
 * cache's read-your-writes `SELECT 1` included), the transactions, and the CPU of the server's Node
 * process and of PostgreSQL per request. The server runs as a child process with
 * support/round-trip-counter.mjs preloaded, which counts pg's statements by their first words.
 * Run: `npx tsx bench/write-cost.ts` (env BENCH_WRITES_EACH (3000), BENCH_CONNECTIONS (16),
 * BENCH_WRITE_OPERATIONS=create,patch for a subset, BENCH_SHOW_STATEMENTS=true for the breakdown).
 */

const N = envInt('BENCH_WRITES_EACH', 3000);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 16);
const SHOW_STATEMENTS = process.env.BENCH_SHOW_STATEMENTS === 'true';
const DATABASE = 'caseload_bench_write_cost';
const PRACTICE = 'bench';
const PATCHABLE = CONNECTIONS * 4;

const machine = await describeMachine();
console.log(`Machine: ${machine}`);
await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-bench-'));
const countsFile = path.join(dataDir, 'round-trips.json');
const server = await startChildServer(
  CASELOAD_SERVER,
  {
    PORT: '0',
    DATABASE_URL: databaseUrl,
    CASELOAD_DATA_DIR: dataDir,
    ...BENCH_ADMIN,
    ROUND_TRIP_FILE: countsFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${path.join(REPO_ROOT, 'bench/support/round-trip-counter.mjs')}`,
  },
  'caseload',
);
try {
  const headers = await signIn(server.url);
  const provisioned = await fetch(`${server.url}/api/v1/database/${PRACTICE}`, { method: 'POST', headers });
  if (provisioned.status !== 204) throw new Error(`provisioning answered ${provisioned.status}`);
  const practice = `/api/v1/practices/${PRACTICE}`;
  const patients = `${practice}/Patients`;

  const seeding = new PatientWorkloads(patients, []);
  const seeded = await runLoad(server.url, seeding.create, { amount: PATCHABLE, connections: 8, headers });
  if (seeded.failures > 0) throw new Error(`seeding failed: ${JSON.stringify(seeded.failureStatuses)}`);
  const storedVersions = () =>
    withClient(databaseUrl, async (db) => {
      const rows = await db.query<{ id: string; version_id: string }>('SELECT id, version_id FROM r_patient WHERE practice_id = $1', [
        PRACTICE,
      ]);
      return new Map(rows.rows.map((r) => [r.id, r.version_id]));
    });
  const versions = await storedVersions();
  const chartIds = [...versions.keys()];
  const workloads = new PatientWorkloads(patients, chartIds);
  const withKey =
    (workload: Workload): Workload =>
    () => {
      const request = workload();
      return { ...request, headers: { ...request.headers, 'idempotency-key': `bench-${randomUUID()}` } };
    };
  const patientWithoutMrn = (): string => {
    const { mrn: _mrn, identifiers: _identifiers, ...body } = JSON.parse(patientBody()) as Record<string, unknown>;
    return JSON.stringify(body);
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

  const operations: [string, Workload][] = [
    ['create Patient (MRN sent; as api-throughput)', workloads.create],
    ['create Patient, MRN assigned by the server', () => ({ method: 'POST', path: patients, body: patientWithoutMrn() })],
    ['create Patient with Idempotency-Key', withKey(workloads.create)],
    [
      'create EpisodeOfCare in a chart (merged-partition check)',
      () => ({
        method: 'POST',
        path: `${practice}/EpisodesOfCare`,
        body: JSON.stringify({ partition: pick(chartIds), status: 'active', programs: [] }),
      }),
    ],
    ['patch Patient (replace a phone; as api-throughput)', workloads.patch],
    ['patch Patient with Idempotency-Key', withKey(workloads.patch)],
  ];
  const only = process.env.BENCH_WRITE_OPERATIONS?.split(',');

  const readCounts = async (): Promise<Record<string, number>> => {
    await fs.rm(countsFile, { force: true });
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; i < 100; i++) {
      try {
        return JSON.parse(await fs.readFile(countsFile, 'utf8')) as Record<string, number>;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    throw new Error('the server did not write its round-trip counts');
  };

  const rows: string[][] = [];
  const breakdowns: string[] = [];
  for (const [label, workload] of operations) {
    if (only && !only.some((o) => label.startsWith(o))) continue;
    workloads.setVersions(await storedVersions());
    await runLoad(server.url, workload, { amount: 300, connections: CONNECTIONS, headers });
    await new Promise((resolve) => setTimeout(resolve, 500));
    workloads.setVersions(await storedVersions());
    const before = await readCounts();
    const meter = await startCostMeter(server.pid, databaseUrl, DATABASE);
    const figures = await runLoad(server.url, workload, { amount: N, connections: CONNECTIONS, headers });
    const cost = await meter.stop();
    const after = await readCounts();
    const n = Math.max(figures.responses, 1);
    const perLabel = Object.entries(after)
      .map(([text, count]) => [text, (count - (before[text] ?? 0)) / n] as const)
      .filter(([, perRequest]) => perRequest > 0.001)
      .sort((a, b) => b[1] - a[1]);
    const roundTrips = perLabel.reduce((sum, [, perRequest]) => sum + perRequest, 0);
    const statuses = Object.entries(figures.failureStatuses)
      .map(([s, c]) => `${c}×${s}`)
      .join(' ');
    rows.push([
      label,
      fixed(roundTrips, 2),
      fixed(cost.transactions / n, 2),
      fixed(cost.rowsWritten / n, 2),
      fixed(cost.serverCpuMs / n, 3),
      fixed(cost.databaseCpuMs / n, 3),
      fixed(figures.requestsPerSecond),
      statuses || '0',
      `${fixed(cost.otherShare * 100)} %`,
    ]);
    breakdowns.push(
      `\n${label}: statements per request\n${perLabel.map(([text, v]) => `  ${fixed(v, 2).padStart(5)}  ${text}`).join('\n')}`,
    );
  }
  console.log(`\nWrite cost: ${fixed(N)} requests each from ${CONNECTIONS} connections\nMachine: ${machine}`);
  printTable(
    [
      'write',
      'round trips/req',
      'pg xacts/req',
      'rows written/req',
      'Node CPU ms/req',
      'PostgreSQL CPU ms/req',
      'req/s',
      'non-2xx',
      'other load',
    ],
    rows,
  );
  if (SHOW_STATEMENTS) console.log(breakdowns.join('\n'));
} finally {
  await server.stop();
  await dropDatabase(DATABASE);
  await fs.rm(dataDir, { recursive: true, force: true });
}
