import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags.ts';
import { CASELOAD_SERVER, startChildServer, type ChildServer } from './support/child-server.ts';
import { startCostMeter, type Cost } from './support/cost-meter.ts';
import { runLoad, type LoadFigures, type Workload } from './support/load.ts';
import { describeMachine } from './support/machine.ts';
import { PatientWorkloads } from './support/patient-workloads.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres, quiesceDatabase, withClient } from './support/postgres.ts';
import { BENCH_ADMIN, signIn } from './support/session.ts';
import { envInt, fixed, printTable } from './support/table.ts';

/**
 * Throughput and latency of Caseload's resource API under 64 concurrent connections, beside a
 * bare Fastify + pg server running the same SQL on the same tables (bench/bare-server.ts).
 * Both servers run as child processes; autocannon drives them from this process.
 * Run: `npx tsx bench/api-throughput.ts` (env BENCH_SECONDS, BENCH_WARMUP_SECONDS,
 * BENCH_CONNECTIONS, BENCH_PATIENTS, BENCH_OPERATIONS=read,mixed for a subset, and BENCH_NODE_ARGS,
 * Node flags for both servers after their own, e.g. "--max-semi-space-size=8", to weigh one).
 */

const SECONDS = envInt('BENCH_SECONDS', 10);
const WARMUP = envInt('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 64);
const PATIENTS = envInt('BENCH_PATIENTS', 10_000);
// Each connection holds at most one patch in flight, so twice as many leaves slack.
const PATCHABLE = CONNECTIONS * 2;
const DATABASE = 'caseload_bench';
const PRACTICE = 'bench';
const ONLY = process.env.BENCH_OPERATIONS?.split(',');
/** Given after the servers' own flags, so they win (V8 takes a flag's last value). */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

type Operation = 'read' | 'create' | 'query' | 'patch' | 'mixed';
interface Target {
  rps?: number;
  ratio?: number;
  p99: number;
}
/** Load figures plus what one request cost on average (see support/cost-meter.ts). */
interface Measured extends LoadFigures {
  perRequest: Cost;
}
const cpuPerRequest = (f: Measured) => f.perRequest.serverCpuMs + f.perRequest.databaseCpuMs;

/** The issue's targets; a query counts as a read, the mixed load as a write. */
const TARGETS: Record<Operation, Target> = {
  read: { rps: 3000, ratio: 0.8, p99: 50 },
  create: { rps: 1500, p99: 100 },
  query: { p99: 50 },
  patch: { p99: 100 },
  mixed: { rps: 2000, p99: 100 },
};

const unknown = ONLY?.filter((o) => !(o in TARGETS));
if (unknown?.length) throw new Error(`BENCH_OPERATIONS: unknown ${unknown.join(', ')}; use ${Object.keys(TARGETS).join(', ')}`);

const machine = await describeMachine();
console.log(`Machine: ${machine}`);
await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-bench-'));
const servers: ChildServer[] = [];
try {
  const caseload = await startChildServer(
    CASELOAD_SERVER,
    { PORT: '0', DATABASE_URL: databaseUrl, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN },
    'caseload',
    NODE_ARGS,
  );
  servers.push(caseload);
  // Both servers get the session's headers, so their requests are byte for byte the same size.
  const headers = await signIn(caseload.url);
  const provisioned = await fetch(`${caseload.url}/api/v1/database/${PRACTICE}`, { method: 'POST', headers });
  if (provisioned.status !== 204) throw new Error(`provisioning answered ${provisioned.status}`);
  // Started after Caseload's migrations, so the tables it queries exist.
  // With Caseload's Node flags (a larger young generation): the ratio is to measure Caseload's
  // layers, not a runtime setting that would help the bare server as well.
  const bare = await startChildServer('bench/bare-server.ts', { PORT: '0', DATABASE_URL: databaseUrl }, 'bare', [
    ...SERVER_NODE_FLAGS,
    ...NODE_ARGS,
  ]);
  servers.push(bare);

  const collection = `/api/v1/practices/${PRACTICE}/Patients`;
  const seeding = new PatientWorkloads(collection, []);
  const started = performance.now();
  const seeded = await runLoad(caseload.url, seeding.create, { amount: PATIENTS, connections: 32, headers });
  if (seeded.failures > 0) throw new Error(`seeding failed: ${JSON.stringify(seeded.failureStatuses)}`);
  console.log(
    `Seeded ${PATIENTS} Patients through Caseload's API in ${fixed((performance.now() - started) / 1000, 1)} s ` +
      `(${seeded.failures} failures)`,
  );

  // The seeded tables get their statistics from quiesceDatabase before the first measurement.
  const ids = await withClient(databaseUrl, async (db) =>
    (await db.query<{ id: string }>('SELECT id FROM r_patient WHERE practice_id = $1', [PRACTICE])).rows.map((r) => r.id),
  );
  const patchable = ids.slice(0, PATCHABLE);
  const workloads = new PatientWorkloads(collection, ids);
  const storedVersions = () =>
    withClient(databaseUrl, async (db) => {
      const rows = await db.query<{ id: string; version_id: string }>(
        'SELECT id, version_id FROM r_patient WHERE practice_id = $1 AND id = ANY($2)',
        [PRACTICE, patchable],
      );
      return new Map(rows.rows.map((r) => [r.id, r.version_id]));
    });

  const measure = async (server: ChildServer, workload: Workload): Promise<Measured> => {
    await settle();
    await quiesceDatabase(databaseUrl, DATABASE);
    workloads.setVersions(await storedVersions());
    await runLoad(server.url, workload, { seconds: WARMUP, connections: CONNECTIONS, headers });
    await settle();
    workloads.setVersions(await storedVersions());
    const meter = await startCostMeter(server.pid, databaseUrl, DATABASE);
    const figures = await runLoad(server.url, workload, { seconds: SECONDS, connections: CONNECTIONS, headers });
    const cost = await meter.stop();
    const n = Math.max(figures.responses, 1);
    const perRequest = {
      serverCpuMs: cost.serverCpuMs / n,
      databaseCpuMs: cost.databaseCpuMs / n,
      transactions: cost.transactions / n,
      rowsWritten: cost.rowsWritten / n,
      loadGeneratorCpuMs: cost.loadGeneratorCpuMs / n,
      otherShare: cost.otherShare,
    };
    return { ...figures, perRequest };
  };

  const rows: string[][] = [];
  for (const operation of (ONLY ?? Object.keys(TARGETS)) as Operation[]) {
    // Caseload then bare per operation, so both see the table at about the same size.
    const ours = await measure(caseload, workloads[operation]);
    const theirs = await measure(bare, workloads[operation]);
    const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
    const cpuRatio = cpuPerRequest(ours) / cpuPerRequest(theirs);
    const verdict = judge(TARGETS[operation], ours, ratio);
    console.log(
      `${operation}: Caseload ${fixed(ours.requestsPerSecond)}/s, bare ${fixed(theirs.requestsPerSecond)}/s; ` +
        `autocannon used ${fixed(ours.perRequest.loadGeneratorCpuMs, 2)} ms CPU per request`,
    );
    rows.push([operation, 'Caseload', ...figures(ours), fixed(ratio, 2), fixed(cpuRatio, 1), verdict.text, verdict.met ? 'yes' : 'NO']);
    rows.push(['', 'bare', ...figures(theirs), '', '', '', '']);
  }

  console.log(
    `\nAPI throughput: ${CONNECTIONS} connections, ${SECONDS} s per operation after ${WARMUP} s warm-up, ${ids.length} seeded Patients` +
      `${NODE_ARGS.length ? `, both servers with ${NODE_ARGS.join(' ')}` : ''}\nMachine: ${machine}`,
  );
  printTable(
    [
      'operation',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors/non-2xx',
      'CPU ms/req node + pg',
      'pg xacts/req',
      'rows written/req',
      'other load',
      'req/s ratio',
      'CPU ratio',
      'target',
      'met',
    ],
    rows,
  );
} finally {
  for (const server of servers.reverse()) await server.stop();
  await dropDatabase(DATABASE);
  await fs.rm(dataDir, { recursive: true, force: true });
}

/** autocannon stops with requests in flight; the server finishes them, then versions are read. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

function figures(f: Measured): string[] {
  const statuses = Object.entries(f.failureStatuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
  return [
    fixed(f.requestsPerSecond),
    fixed(f.p50),
    fixed(f.p99),
    statuses ? `${f.failures} (${statuses})` : String(f.failures),
    `${fixed(f.perRequest.serverCpuMs, 2)} + ${fixed(f.perRequest.databaseCpuMs, 2)}`,
    fixed(f.perRequest.transactions, 1),
    fixed(f.perRequest.rowsWritten, 1),
    `${fixed(f.perRequest.otherShare * 100)} %`,
  ];
}

function judge(target: Target, f: LoadFigures, ratio: number): { text: string; met: boolean } {
  const parts: string[] = [];
  let met = f.p99 < target.p99 && f.failures === 0;
  if (target.rps !== undefined) {
    parts.push(`≥ ${fixed(target.rps)}/s`);
    met &&= f.requestsPerSecond >= target.rps;
  }
  if (target.ratio !== undefined) {
    parts.push(`≥ ${target.ratio} of bare`);
    met &&= ratio >= target.ratio;
  }
  parts.push(`p99 < ${target.p99} ms`);
  return { text: parts.join(', '), met };
}
