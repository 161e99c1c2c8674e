import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { ensureAccount, upsertMembership } from '../packages/server/src/identity/account-store.ts';
import { hashPassword } from '../packages/server/src/identity/password.ts';
import { CASELOAD_SERVER, startChildServer, type ChildServer } from './support/child-server.ts';
import { describeMachine } from './support/machine.ts';
import { careTeamMemberId, loadPatientPopulation, type GeneratedPatient } from './support/patient-population.ts';
import { disablePlanLogging, enablePlanLogging, plansDuring } from './support/plan-capture.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres, withClient } from './support/postgres.ts';
import { BENCH_ADMIN, signIn } from './support/session.ts';
import { envInt, fixed, printTable } from './support/table.ts';
import { percentile, timedFetch } from './support/timing.ts';

/**
 * Patient search as you type (issue 5: a patient found among 100,000 in under 200 ms from
 * keystroke to list). Loads generated patients into one practice, then, over HTTP through the real
 * server, types names, MRNs and birth dates one character at a time: each prefix is the query the
 * patient list sends after its debounce (`_text contains`, orderBy=Name, pageSize=50). Prints
 * p50/p95/max per query length and the worst keystroke, for a user who reaches every patient
 * (population All) and a clinician limited to their care team (population CareTeam).
 * Run: `npx tsx bench/patient-search.ts` (env BENCH_PATIENTS (100000), BENCH_ROUNDS (3),
 * BENCH_EXPLAIN=true to log the server's plans for 1, 2 and 5 character searches, BENCH_KEEP_DATABASE=true
 * to keep `caseload_patient_search` for a closer look).
 */

const PATIENTS = envInt('BENCH_PATIENTS', 100_000);
const ROUNDS = envInt('BENCH_ROUNDS', 3);
const PRACTITIONERS = 200;
const PRACTICE = 'search';
const DATABASE = 'caseload_patient_search';
const CLINICIAN = { email: 'careteam@bench.caseload', password: 'care-team-only-2-cores' };
/** The clinician is practitioner 7: on the care team of every 200th patient (500 of 100,000). */
const CLINICIAN_N = 7;
const TARGET_MS = 200;

interface Typed {
  kind: 'name' | 'MRN' | 'birth date';
  text: string;
}

const machine = await describeMachine();
console.log(`Machine: ${machine}`);
await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-search-'));
let server: ChildServer | undefined;
try {
  await migrate(databaseUrl);
  const population = await withClient(databaseUrl, async (db) => {
    const started = performance.now();
    const loaded = await loadPatientPopulation(db, PRACTICE, PATIENTS, PRACTITIONERS);
    console.log(
      `bulk load of ${fixed(PATIENTS)} generated Patients (SQL into the server's tables, not its API): ` +
        `${fixed((performance.now() - started) / 1000, 1)} s`,
    );
    await db.query('VACUUM ANALYZE r_patient, r_patient_history');
    // The clinician: a Practitioner membership whose role lacks PatientPopulationAll.
    const account = await ensureAccount(db, CLINICIAN.email, { passwordHash: await hashPassword(CLINICIAN.password) });
    await upsertMembership(db, {
      accountId: account.id,
      practiceId: PRACTICE,
      profileType: 'Practitioner',
      profileId: careTeamMemberId(CLINICIAN_N),
      roles: ['Non-Prescribing Clinician'],
    });
    return loaded;
  });

  const start = () =>
    startChildServer(CASELOAD_SERVER, { PORT: '0', DATABASE_URL: databaseUrl, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN }, 'caseload');
  server = await start();
  const admin = await signIn(server.url);
  const provisioned = await fetch(`${server.url}/api/v1/database/${PRACTICE}`, { method: 'POST', headers: admin });
  if (provisioned.status !== 204) throw new Error(`provisioning answered ${provisioned.status}`);
  const preferences = await fetch(`${server.url}/api/v1/practices/${PRACTICE}/PracticePreferences`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ display: 'preferences', patientPopulationLevel: 'CareTeam' }),
  });
  if (preferences.status !== 201) throw new Error(`preferences answered ${preferences.status}`);
  const clinician = await signIn(server.url, CLINICIAN);

  const everyone = typedSearches(population.filter((_, n) => n % 9973 === 11).slice(0, 8));
  const onTeam = typedSearches(
    population
      .filter((_, n) => n % PRACTITIONERS === CLINICIAN_N)
      .filter((_, i) => i % 61 === 3)
      .slice(0, 6),
  );
  const users = [
    { label: 'All (administrator)', headers: admin, searches: everyone },
    { label: 'CareTeam (clinician, 500 patients)', headers: clinician, searches: onTeam },
  ];
  for (const user of users) {
    const samples = await typeAll(server.url, user.headers, user.searches);
    report(user.label, samples);
  }

  if (process.env.BENCH_EXPLAIN === 'true') {
    await server.stop();
    await enablePlanLogging(DATABASE);
    server = await start();
    for (const [label, credentials] of [
      ['All', undefined],
      ['CareTeam', CLINICIAN],
    ] as const) {
      const headers = await signIn(server.url, credentials);
      const sample = label === 'All' ? everyone : onTeam;
      for (const text of ['m', 'mi', sample[0]!.text.slice(0, 5).toLowerCase(), 'zq']) {
        await search(server.url, headers, text);
        const plans = await plansDuring(DATABASE, async () => void (await search(server!.url, headers, text)));
        for (const plan of plans.filter((p) => /\br_patient\b/.test(p.text) && /LIKE/.test(p.text))) {
          console.log(`\n-- ${label}, "${text}": ${plan.durationMs} ms\n${plan.text}`);
        }
      }
    }
  }
} finally {
  await server?.stop();
  await disablePlanLogging(DATABASE).catch(() => {});
  if (process.env.BENCH_KEEP_DATABASE === 'true') console.log(`Kept database ${DATABASE}`);
  else await dropDatabase(DATABASE);
  await fs.rm(dataDir, { recursive: true, force: true });
}

/** What a user types to find each patient: the family name, the MRN, and the birth date (yyyy-MM-dd, as the web sends it). */
function typedSearches(patients: GeneratedPatient[]): (Typed & { id: string })[] {
  return patients.flatMap((p) => [
    { kind: 'name' as const, text: `${p.family} ${p.given}`, id: p.id },
    { kind: 'MRN' as const, text: p.mrn, id: p.id },
    { kind: 'birth date' as const, text: p.birthDate, id: p.id },
  ]);
}

function search(url: string, headers: Record<string, string>, text: string) {
  return timedFetch(`${url}/api/v1/practices/${PRACTICE}/Patients/queries?orderBy=Name&pageSize=50`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify([{ field: '_text', op: 'contains', value: text }]),
  });
}

interface Sample {
  length: number;
  text: string;
  ms: number;
  dbMs?: number;
  status: number;
}

/** Types every search one character at a time, ROUNDS times; the first round warms caches and is not kept. */
async function typeAll(
  url: string,
  headers: Record<string, string>,
  searches: (Typed & { id: string })[],
): Promise<{ samples: Sample[]; found: number; total: number }> {
  const samples: Sample[] = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of searches) {
      for (let length = 1; length <= s.text.length; length++) {
        const text = s.text.slice(0, length);
        if (text.endsWith(' ')) continue; // a trailing space changes no words
        const r = await search(url, headers, text);
        if (round > 0) samples.push({ length, text, ms: r.ms, dbMs: r.dbMs, status: r.status });
      }
    }
  }
  // Whether the whole typed text lists the patient on the first page.
  for (const s of searches) {
    const r = await fetch(`${url}/api/v1/practices/${PRACTICE}/Patients/queries?orderBy=Name&pageSize=50`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify([{ field: '_text', op: 'contains', value: s.text }]),
    });
    const page = (await r.json()) as { id: string }[];
    if (page.some((p) => p.id === s.id)) found++;
  }
  return { samples, found, total: searches.length };
}

function report(label: string, { samples, found, total }: { samples: Sample[]; found: number; total: number }): void {
  const failures = samples.filter((s) => s.status !== 200).length;
  const buckets = new Map<string, Sample[]>();
  for (const s of samples) {
    const key = s.length >= 8 ? '8+' : String(s.length);
    buckets.set(key, [...(buckets.get(key) ?? []), s]);
  }
  console.log(
    `\nPopulation ${label}: ${samples.length} keystrokes over ${ROUNDS - 1} measured rounds, ${failures} failures; ` +
      `the whole text lists its patient on the first page for ${found} of ${total}`,
  );
  printTable(
    ['query length', 'queries', 'p50 ms', 'p95 ms', 'max ms', 'db p95 ms'],
    [...buckets].map(([key, list]) => {
      const ms = list.map((s) => s.ms);
      const db = list.flatMap((s) => (s.dbMs === undefined ? [] : [s.dbMs]));
      return [
        key,
        String(list.length),
        fixed(percentile(ms, 50), 1),
        fixed(percentile(ms, 95), 1),
        fixed(Math.max(...ms), 1),
        fixed(percentile(db, 95), 1),
      ];
    }),
  );
  const worst = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `Worst keystroke-to-answer: ${fixed(worst.ms, 1)} ms for "${worst.text}" ` +
      `(target < ${TARGET_MS} ms: ${worst.ms < TARGET_MS ? 'met' : 'MISSED'})`,
  );
}
