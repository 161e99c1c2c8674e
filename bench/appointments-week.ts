import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { CASELOAD_SERVER, startChildServer } from './support/child-server.ts';
import { describeMachine } from './support/machine.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './support/postgres.ts';
import { BENCH_ADMIN, signIn } from './support/session.ts';
import { envInt, fixed, printTable } from './support/table.ts';
import { measureSequential } from './support/timing.ts';

/**
 * The appointments behind a week view (docs/scheduling.md, "Indexes and paging"; issue 20's bench):
 * a team of 25 clinicians, one week, in a practice of BENCH_APPOINTMENTS appointments (100,000) of
 * 100 clinicians and 5,000 patients over two years, written straight into the server's table as it
 * stores them. Two calls: the query a client sends (`POST Appointments/queries`, cross-partition,
 * the week's `start` bounds and `end`, `owner.id in` the 25) and the calendar call
 * (`GET Appointments/_occurrences`, which also reads the series heads). Target: p95 < 20 ms.
 * Run: `npx tsx bench/appointments-week.ts` (env BENCH_APPOINTMENTS 100000, BENCH_REQUESTS 100).
 */

const APPOINTMENTS = envInt('BENCH_APPOINTMENTS', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 100);
const CLINICIANS = 100;
const PATIENTS = 5_000;
const TEAM = 25;
const DATABASE = 'caseload_bench_appointments';
const PRACTICE = 'bench';
/** Two years of working weeks end on this Monday; the weeks measured are spread over them. */
const LAST_MONDAY = Date.UTC(2026, 10, 16, 5);
const WEEK = 7 * 86_400_000;
const WEEKS = 104;
const STATUSES = ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'booked', 'cancelled', 'noshow', 'arrived'];

const clinicianId = (c: number) => `bench-clinician-${c}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Appointment n: a clinician, a patient, and a weekday hour of one of the 104 weeks (09:00 to 16:00 Eastern). */
function storedBody(id: string, n: number): { body: string; partition: string; modified: Date } {
  const c = n % CLINICIANS;
  const slot = Math.floor(n / CLINICIANS);
  const week = slot % WEEKS;
  const inWeek = Math.floor(slot / WEEKS);
  const start = LAST_MONDAY - (WEEKS - 1 - week) * WEEK + (inWeek % 5) * 86_400_000 + (9 + (Math.floor(inWeek / 5) % 8)) * 3_600_000;
  const partition = `bench-patient-${(n * 7919) % PATIENTS}`;
  const modified = new Date(start - 7 * 86_400_000);
  const body = {
    resourceType: 'Appointment',
    id,
    partition,
    status: STATUSES[n % STATUSES.length],
    origin: 'Caseload',
    attendees: [{ subject: { resourceType: 'Patient', id: partition, display: `Patient ${partition}` }, role: 'Patient' }],
    owner: { resourceType: 'Practitioner', id: clinicianId(c), display: `Clinician ${c}` },
    serviceType: { resourceType: 'HealthcareService', id: 'svc-90834', display: 'Psychotherapy, 45 minutes' },
    location: { resourceType: 'Location', id: 'loc-office', display: 'Main office' },
    placeOfService: {
      system: 'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set',
      code: '11',
      display: 'Office',
    },
    visitMode: 'InPerson',
    start: iso(start),
    end: iso(start + 50 * 60_000),
    created: modified.toISOString(),
    meta: {
      versionId: randomUUID(),
      lastModified: modified.toISOString(),
      lastModifiedBy: { resourceType: 'Practitioner', id: clinicianId(c) },
    },
  };
  return { body: JSON.stringify(body), partition, modified };
}

async function load(pool: pg.Pool): Promise<void> {
  for (let from = 0; from < APPOINTMENTS; from += 2000) {
    const ns = Array.from({ length: Math.min(2000, APPOINTMENTS - from) }, (_, i) => from + i);
    const ids = ns.map(() => randomUUID());
    const rows = ns.map((n, i) => storedBody(ids[i]!, n));
    await pool.query(
      `INSERT INTO r_appointment (practice_id, id, partition, version_id, version_seq, last_modified, body)
       SELECT $1, id, p, 'v', 1, m, b::jsonb FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[]) AS r(id, p, m, b)`,
      [PRACTICE, ids, rows.map((r) => r.partition), rows.map((r) => r.modified), rows.map((r) => r.body)],
    );
  }
  await pool.query('VACUUM ANALYZE r_appointment');
}

const machine = await describeMachine();
console.log(`Machine: ${machine}`);
await ensurePostgres();
const url = await createFreshDatabase(DATABASE);
const pool = new pg.Pool({ connectionString: url, max: 1 });
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-appointments-'));
let server: Awaited<ReturnType<typeof startChildServer>> | undefined;
const rows: string[][] = [];
try {
  await migrate(url);
  const started = performance.now();
  await load(pool);
  console.log(`Loaded ${fixed(APPOINTMENTS)} appointments in ${fixed((performance.now() - started) / 1000, 1)} s`);
  server = await startChildServer(
    CASELOAD_SERVER,
    { PORT: '0', DATABASE_URL: url, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN },
    'caseload',
  );
  const session = await signIn(server.url);
  const provisioned = await fetch(`${server.url}/api/v1/database/${PRACTICE}`, { method: 'POST', headers: session });
  if (provisioned.status !== 204) throw new Error(`provisioning answered ${provisioned.status}`);
  const headers = { ...session, 'content-type': 'application/json', 'x-enable-cross-partition': 'true' };
  const team = (i: number) => Array.from({ length: TEAM }, (_, k) => clinicianId((i * 7 + k) % CLINICIANS));
  const weekOf = (i: number) => LAST_MONDAY - ((i * 37) % WEEKS) * WEEK;
  const query = (i: number) => {
    const from = weekOf(i);
    return {
      url: `${server!.url}/api/v1/practices/${PRACTICE}/Appointments/queries?pageSize=1000&orderBy=EncounterDate&order=asc`,
      init: {
        method: 'POST',
        headers,
        body: JSON.stringify([
          { field: 'start', op: 'ge', value: iso(from - 86_400_000) },
          { field: 'start', op: 'lt', value: iso(from + WEEK) },
          { field: 'end', op: 'gt', value: iso(from) },
          {
            or: [
              { field: 'owner.id', op: 'in', value: team(i) },
              { field: 'participants.id', op: 'in', value: team(i) },
            ],
          },
        ]),
      },
    };
  };
  const calendar = (i: number) => {
    const from = weekOf(i);
    return {
      url:
        `${server!.url}/api/v1/practices/${PRACTICE}/Appointments/_occurrences` +
        `?from=${iso(from)}&to=${iso(from + WEEK)}&practitioner=${team(i).join(',')}`,
      init: { method: 'GET', headers: session },
    };
  };
  for (const [name, request] of [
    ['POST Appointments/queries', query],
    ['GET Appointments/_occurrences', calendar],
  ] as const) {
    await measureSequential(5, request);
    const figures = await measureSequential(REQUESTS, request);
    const sample = await fetch(request(0).url, request(0).init);
    const text = await sample.text();
    const size =
      sample.status === 200
        ? text.startsWith('[')
          ? JSON.parse(text).length
          : JSON.parse(text).entries.length
        : `status ${sample.status}`;
    rows.push([
      name,
      String(size),
      fixed(figures.p50, 1),
      fixed(figures.p95, 1),
      fixed(figures.dbP50 ?? NaN, 2),
      fixed(figures.dbP95 ?? NaN, 2),
      String(figures.failures),
    ]);
  }
} finally {
  await server?.stop();
  await pool.end();
  await dropDatabase(DATABASE);
  await fs.rm(dataDir, { recursive: true, force: true });
}
console.log(
  `\nA week of ${TEAM} clinicians in ${fixed(APPOINTMENTS)} appointments: ` +
    `${REQUESTS} sequential requests each, after 5 unmeasured\nMachine: ${machine}`,
);
printTable(['call', 'appointments (week 0)', 'p50 ms', 'p95 ms', 'db p50 ms', 'db p95 ms', 'failures'], rows);
