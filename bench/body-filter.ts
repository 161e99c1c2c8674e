import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { CASELOAD_SERVER, startChildServer } from './support/child-server.ts';
import { describeMachine } from './support/machine.ts';
import { patientBody } from './support/patient-workloads.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './support/postgres.ts';
import { BENCH_ADMIN, signIn } from './support/session.ts';
import { envInt, fixed, printTable } from './support/table.ts';
import { measureSequential, percentile } from './support/timing.ts';

/**
 * A page of Patients filtered by a body field (`address.city eq X`, newest first, 20 a page) at
 * every share of the practice a value can have, from 5 % to none. Caseload walks the sort order a
 * bounded way, then looks rare values up in the body's GIN index (storage/resource-search.ts); the
 * baseline is the one statement it sent before, which leaves the plan to PostgreSQL, run in the
 * same minutes on the same table with the same values through pg. Patients are written straight
 * into the server's tables, shaped as it stores them (over 1 kB, so PostgreSQL keeps no statistics
 * on bodies), at two practice sizes: below and above where PostgreSQL changes its plan.
 * Run: `npx tsx bench/body-filter.ts` (env BENCH_SIZES "30000,200000", BENCH_REQUESTS 100).
 */

const SIZES = (process.env.BENCH_SIZES ?? '30000,200000').split(',').map(Number);
const REQUESTS = envInt('BENCH_REQUESTS', 100);
const DATABASE = 'caseload_bench_body_filter';
const PRACTICE = 'bench';
/** Each share as a city only its patients live in; everyone else lives in the workload's 20 cities. */
const SHARES = [
  { city: 'Fivepercent', share: 0.05 },
  { city: 'Onepercent', share: 0.01 },
  { city: 'Tenthpercent', share: 0.001 },
  { city: 'Hundredthpercent', share: 0.0001 },
  { city: 'Nowhere', share: 0 },
];
const BASELINE = `SELECT body::text AS body, id, sort_value FROM (
  SELECT body, id, last_modified AS sort_value FROM r_patient
  WHERE practice_id = $1 AND NOT is_deleted AND (expires_at IS NULL OR expires_at > $2) AND body @? $3::jsonpath
  ORDER BY last_modified DESC, id DESC LIMIT $4) page ORDER BY sort_value DESC, id DESC`;
const cityPath = (city: string) => `lax $."address"."city" ? (@ == ${JSON.stringify(city)})`;

/** The city of patient n: every 1/share-th patient, offset per city, lives in that share's city. */
function cityOf(n: number): string | undefined {
  for (const [i, { city, share }] of SHARES.entries()) if (share > 0 && (n + i) % Math.round(1 / share) === 0) return city;
  return undefined;
}

/**
 * A Patient body as the server stores it: the client's fields plus id, created, meta and the MR
 * identifier the MRN hook adds (1.2 kB, every one over the 1 kB beyond which ANALYZE skips a value).
 */
function storedBody(id: string, n: number, modified: Date): string {
  const body = JSON.parse(patientBody()) as Record<string, any>;
  const city = cityOf(n);
  if (city) body.address.city = city;
  body.identifiers.push({ type: 'MR', system: 'urn:caseload:mrn', value: body.mrn });
  const at = modified.toISOString();
  return JSON.stringify({
    resourceType: 'Patient',
    id,
    ...body,
    created: at,
    meta: {
      versionId: randomUUID(),
      lastModified: at,
      lastModifiedBy: { resourceType: 'Account', id: randomUUID(), display: 'bench-admin@bench.caseload' },
    },
  });
}

async function load(pool: pg.Pool, patients: number): Promise<void> {
  const start = Date.now() - patients * 1000;
  for (let from = 1; from <= patients; from += 2000) {
    const ns = Array.from({ length: Math.min(2000, patients - from + 1) }, (_, i) => from + i);
    const ids = ns.map(() => randomUUID());
    await pool.query(
      `INSERT INTO r_patient (practice_id, id, version_id, version_seq, last_modified, body)
       SELECT $1, id, 'v', 1, m, b::jsonb FROM unnest($2::text[], $3::timestamptz[], $4::text[]) AS r(id, m, b)`,
      [PRACTICE, ids, ns.map((n) => new Date(start + n * 1000)), ns.map((n, i) => storedBody(ids[i]!, n, new Date(start + n * 1000)))],
    );
  }
  await pool.query('VACUUM ANALYZE r_patient');
}

const machine = await describeMachine();
console.log(`Machine: ${machine}`);
await ensurePostgres();
const rows: string[][] = [];
for (const patients of SIZES) {
  const url = await createFreshDatabase(DATABASE);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-body-filter-'));
  let server: Awaited<ReturnType<typeof startChildServer>> | undefined;
  try {
    await migrate(url);
    const started = performance.now();
    await load(pool, patients);
    const width = (
      await pool.query<{ avg: number; min: number }>(
        'SELECT avg(pg_column_size(body))::int AS avg, min(pg_column_size(body)) AS min FROM r_patient',
      )
    ).rows[0]!;
    console.log(
      `Loaded ${fixed(patients)} patients in ${fixed((performance.now() - started) / 1000, 1)} s, ` +
        `bodies ${width.avg} bytes on average (smallest ${width.min})`,
    );
    server = await startChildServer(
      CASELOAD_SERVER,
      { PORT: '0', DATABASE_URL: url, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN },
      'caseload',
    );
    const session = await signIn(server.url);
    const provisioned = await fetch(`${server.url}/api/v1/database/${PRACTICE}`, { method: 'POST', headers: session });
    if (provisioned.status !== 204) throw new Error(`provisioning answered ${provisioned.status}`);
    const headers = { ...session, 'content-type': 'application/json' };
    const written = await fetch(`${server.url}/api/v1/practices/${PRACTICE}/Patients`, { method: 'POST', headers, body: patientBody() });
    const { id } = (await written.json()) as { id: string };
    const apiWidth = (await pool.query<{ w: number }>('SELECT pg_column_size(body) AS w FROM r_patient WHERE id = $1', [id])).rows[0]!.w;
    console.log(`One Patient written through the API is stored in ${apiWidth} bytes`);
    for (const { city, share } of SHARES) {
      const matches = share === 0 ? 0 : Math.floor(patients * share);
      const request = () => ({
        url: `${server!.url}/api/v1/practices/${PRACTICE}/Patients/queries?pageSize=20`,
        init: { method: 'POST', headers, body: JSON.stringify([{ field: 'address.city', op: 'eq', value: city }]) },
      });
      await measureSequential(5, request);
      const ours = await measureSequential(REQUESTS, request);
      const baseline: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i++) {
        const t0 = performance.now();
        await pool.query(BASELINE, [PRACTICE, new Date(), cityPath(city), 21]);
        if (i >= 5) baseline.push(performance.now() - t0);
      }
      const baseP95 = percentile(baseline, 95);
      rows.push([
        fixed(patients),
        `${share * 100} % (${fixed(matches)})`,
        fixed(ours.p50, 1),
        fixed(ours.p95, 1),
        fixed(ours.dbP50 ?? NaN, 2),
        fixed(ours.dbP95 ?? NaN, 2),
        fixed(percentile(baseline, 50), 2),
        fixed(baseP95, 2),
        fixed(baseP95 / (ours.dbP95 ?? NaN), 1),
        String(ours.failures),
      ]);
    }
  } finally {
    await server?.stop();
    await pool.end();
    await dropDatabase(DATABASE);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nA body-field filter, newest 20 first: ${REQUESTS} sequential requests per row, after 5 unmeasured\nMachine: ${machine}`);
printTable(
  [
    'patients',
    'share (matches)',
    'Caseload p50 ms',
    'p95 ms',
    'its db p50 ms',
    'db p95 ms',
    'one statement p50 ms',
    'p95 ms',
    'db p95 ratio (one statement / Caseload)',
    'failures',
  ],
  rows,
);
