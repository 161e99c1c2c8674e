import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { CASELOAD_SERVER, startChildServer, type ChildServer } from './support/child-server.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './support/postgres.ts';
import { envInt, fixed, printTable } from './support/table.ts';

/**
 * Sign-in latency and throughput (issue 3: "argon2 cost chosen so a sign-in takes about 50-100 ms
 * here, and the figure printed"). Caseload runs as a child process on a fresh database of the
 * machine's PostgreSQL 15; this process signs one account in over HTTP, first one at a time, then
 * from as many concurrent clients as the machine has cores. Then it times argon2id verification
 * alone at the server's cost (packages/server/src/identity/password.ts) and at other costs, to say
 * which cost would land a sign-in in the target.
 * Run: `npx tsx bench/sign-in.ts` (env SIGN_IN_SEQUENTIAL, SIGN_IN_CONCURRENT, SIGN_IN_CLIENTS).
 */

const SEQUENTIAL = envInt('SIGN_IN_SEQUENTIAL', 50);
const CONCURRENT = envInt('SIGN_IN_CONCURRENT', 60);
const CLIENTS = envInt('SIGN_IN_CLIENTS', Math.max(2, os.availableParallelism()));
const TARGET = { low: 50, high: 100 };
const DATABASE = 'caseload_bench_sign_in';
const ACCOUNT = { email: 'sign-in-bench@bench.caseload', password: 'correct-horse-battery-77' };
/** The server's argon2id cost (password.ts): 64 MiB, two passes, one lane. */
const SERVER_COST = { memoryCost: 65_536, timeCost: 2 };

/** One browser: fetches its XSRF cookie, then signs in; the sign-in POST alone is timed. */
async function signInOnce(url: string): Promise<number> {
  const probe = await fetch(`${url}/api/v1/auth/session`);
  const xsrf = probe.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('XSRF-TOKEN='))!;
  await probe.arrayBuffer();
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify(ACCOUNT),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return elapsed;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figures {
  label: string;
  count: number;
  p50: number;
  p95: number;
  perSecond: number;
}

async function sequential(url: string, count: number): Promise<Figures> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) times.push(await signInOnce(url));
  const seconds = (performance.now() - started) / 1000;
  return { label: 'one at a time', count, p50: percentile(times, 50), p95: percentile(times, 95), perSecond: count / seconds };
}

async function concurrent(url: string, count: number, clients: number): Promise<Figures> {
  const times: number[] = [];
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) times.push(await signInOnce(url));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    label: `${clients} concurrent clients`,
    count,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond: count / seconds,
  };
}

/**
 * Median time of verifying a password against a hash made at each cost, in this process. The costs
 * take turns, round after round, so noise from other work on the machine falls on all of them alike.
 */
async function verifyMedians(costs: readonly (readonly [number, number])[], rounds = 15): Promise<number[]> {
  const hashes = await Promise.all(
    costs.map(([memoryCost, timeCost]) => hash(ACCOUNT.password, { algorithm: 2, memoryCost, timeCost, parallelism: 1 })),
  );
  const times = costs.map(() => [] as number[]);
  for (let round = -1; round < rounds; round++) {
    for (const [i, h] of hashes.entries()) {
      const started = performance.now();
      await verify(h, ACCOUNT.password);
      if (round >= 0) times[i]!.push(performance.now() - started);
    }
  }
  return times.map((t) => percentile(t, 50));
}

await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-bench-sign-in-'));
let server: ChildServer | undefined;
try {
  server = await startChildServer(
    CASELOAD_SERVER,
    {
      PORT: '0',
      DATABASE_URL: databaseUrl,
      CASELOAD_DATA_DIR: dataDir,
      // The first start creates this account (bootstrap administrator): the account signed in.
      CASELOAD_ADMIN_EMAIL: ACCOUNT.email,
      CASELOAD_ADMIN_PASSWORD: ACCOUNT.password,
    },
    'caseload',
  );
  // Other work on the machine shows in these figures; the load average says how much there was.
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  console.log(
    `Caseload on ${server.url}; ${os.availableParallelism()} cores; load average ${load()}; ` +
      `argon2id ${SERVER_COST.memoryCost / 1024} MiB, t=${SERVER_COST.timeCost}, p=1`,
  );
  for (let i = 0; i < 5; i++) await signInOnce(server.url);

  const runs = [await sequential(server.url, SEQUENTIAL), await concurrent(server.url, CONCURRENT, CLIENTS)];
  console.log('\nSign-in (POST /api/v1/auth/sign-in, argon2id verify + session + audit):\n');
  printTable(
    ['load', 'sign-ins', 'p50 ms', 'p95 ms', 'sign-ins/s'],
    runs.map((r) => [r.label, String(r.count), fixed(r.p50, 1), fixed(r.p95, 1), fixed(r.perSecond, 1)]),
  );
  console.log(`load average after the HTTP runs: ${load()}`);
  await server.stop();
  server = undefined;

  // The hash alone, with the server stopped so nothing else competes for the cores.
  const costs = [
    [65_536, 2],
    [65_536, 1],
    [65_536, 3],
    [47_104, 1],
    [47_104, 2],
    [19_456, 2],
    [131_072, 1],
  ] as const;
  const medians = await verifyMedians(costs);
  const serverVerify = medians[0]!;
  const signIn = runs[0]!.p50;
  // argon2id is nearly all of a sign-in, so another cost scales it by that cost's verify time.
  const estimate = (ms: number) => (signIn * ms) / serverVerify;
  console.log('\nargon2id verify alone (median of 15 interleaved rounds, one lane), and the sign-in p50 it would give:\n');
  printTable(
    ['cost', 'verify ms', 'sign-in p50 ms (estimate)', 'in 50-100 ms'],
    costs.map(([m, tc], i) => {
      const e = estimate(medians[i]!);
      return [
        `${m / 1024} MiB, t=${tc}${i === 0 ? ' (server)' : ''}`,
        fixed(medians[i]!, 1),
        fixed(e, 1),
        e >= TARGET.low && e <= TARGET.high ? 'yes' : 'no',
      ];
    }),
  );
  const meets = signIn >= TARGET.low && signIn <= TARGET.high;
  console.log(
    `\nOne sign-in at a time takes ${fixed(signIn, 1)} ms at the median (p95 ${fixed(runs[0]!.p95, 1)} ms): ` +
      `${meets ? 'within' : 'outside'} the 50-100 ms target; argon2id verify alone is ${fixed(serverVerify, 1)} ms here. ` +
      `${CLIENTS} concurrent clients reach ${fixed(runs[1]!.perSecond, 1)} sign-ins/s (p95 ${fixed(runs[1]!.p95, 1)} ms).`,
  );
} finally {
  await server?.stop();
  await dropDatabase(DATABASE);
  await fs.rm(dataDir, { recursive: true, force: true });
}
