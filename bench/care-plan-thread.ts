import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { CASELOAD_SERVER, startChildServer, type ChildServer } from './support/child-server.ts';
import { describeMachine } from './support/machine.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './support/postgres.ts';
import { BENCH_ADMIN, signIn } from './support/session.ts';
import { envInt, fixed, printTable } from './support/table.ts';
import { percentile, timedFetch } from './support/timing.ts';

/**
 * The golden thread of one patient (issue 21: the chart's thread view for a patient with 200 notes
 * and a 10-goal plan within 200 ms): writes, over HTTP through the real server, a plan of 10 goals
 * (2 objectives and an intervention each), 200 sessions with their notes each addressing a goal
 * with progress, a review every tenth session and a PHQ-9 outcome every other; then times
 * `GET CarePlans/{id}/thread` (the whole plan, and one goal) ROUNDS times after a warm-up. The
 * server half of the view: the browser's render is not in this figure.
 * Run: `npx tsx bench/care-plan-thread.ts` (env BENCH_NOTES (200), BENCH_GOALS (10), BENCH_ROUNDS (30)).
 */

const NOTES = envInt('BENCH_NOTES', 200);
const GOALS = envInt('BENCH_GOALS', 10);
const ROUNDS = envInt('BENCH_ROUNDS', 30);
const PRACTICE = 'thread';
const DATABASE = 'caseload_care_plan_thread';
const AUTHOR = { resourceType: 'Practitioner', id: 'bench-author', display: 'Bench Author' };

const machine = await describeMachine();
console.log(`Machine: ${machine}`);
await ensurePostgres();
const databaseUrl = await createFreshDatabase(DATABASE);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-thread-'));
let server: ChildServer | undefined;
try {
  await migrate(databaseUrl);
  server = await startChildServer(
    CASELOAD_SERVER,
    { PORT: '0', DATABASE_URL: databaseUrl, CASELOAD_DATA_DIR: dataDir, ...BENCH_ADMIN },
    'caseload',
  );
  const session = await signIn(server.url);
  const headers = { ...session, 'content-type': 'application/json' };
  const base = `${server.url}/api/v1/practices/${PRACTICE}`;
  const provisioned = await fetch(`${server.url}/api/v1/database/${PRACTICE}`, { method: 'POST', headers: session });
  if (provisioned.status !== 204) throw new Error(`provisioning answered ${provisioned.status}`);
  const post = async (collection: string, body: unknown) => {
    const r = await fetch(`${base}/${collection}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(`POST ${collection} answered ${r.status}: ${await r.text()}`);
    return (await r.json()) as { id: string };
  };

  const started = performance.now();
  const patient = await post('Patients', { names: [{ given: ['Thea'], family: 'Thread' }], birthDate: '1980-01-01' });
  const elements = Array.from({ length: GOALS }, (_, g) => [
    { id: `g${g}`, kind: 'Goal', text: `Goal ${g + 1}`, measure: 'PHQ-9 below 10' },
    { id: `g${g}-o1`, kind: 'Objective', parent: `g${g}`, text: `Objective ${g + 1}.1` },
    { id: `g${g}-o2`, kind: 'Objective', parent: `g${g}`, text: `Objective ${g + 1}.2` },
    { id: `g${g}-i1`, kind: 'Intervention', parent: `g${g}-o1`, text: `Intervention ${g + 1}.1` },
  ]).flat();
  const plan = await post('CarePlans', { partition: patient.id, status: 'Active', author: AUTHOR, reviewDate: '2027-01-01', elements });
  const planRef = { resourceType: 'CarePlan', id: plan.id };
  const progress = ['InProgress', 'InProgress', 'NotAchieved', 'Achieved'];
  for (let i = 0; i < NOTES; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000 * 2).toISOString().slice(0, 10);
    const g = i % GOALS;
    const encounter = await post('Encounters', {
      partition: patient.id,
      participants: [],
      visitStatus: 'Show',
      sessionTime: { mode: 'DurationMinutes', start: `${day}T14:00:00Z`, minutes: 50 },
      carePlanActivities: [
        { carePlan: planRef, element: `g${g}`, progress: progress[i % progress.length] },
        { carePlan: planRef, element: `g${g}-o${1 + (i % 2)}`, progress: 'InProgress' },
      ],
    });
    await post('Notes', {
      partition: patient.id,
      kind: 'Note',
      author: AUTHOR,
      encounter: { resourceType: 'Encounter', id: encounter.id },
      encounterDate: `${day}T14:00:00Z`,
      title: `Session ${i + 1}`,
      sections: [{ key: 'n', kind: 'Narrative', narrative: '<p>Worked on the plan.</p>' }],
    });
    if (i % 10 === 9)
      await post('CarePlanSessions', {
        partition: patient.id,
        carePlan: planRef,
        date: day,
        progress: elements.filter((e) => e.kind === 'Goal').map((e) => ({ element: e.id, status: 'InProgress' })),
      });
    if (i % 2 === 0)
      await post('CarePlanOutcomes', {
        partition: patient.id,
        carePlan: planRef,
        element: `g${g}`,
        date: day,
        kind: 'Score',
        value: 20 - (i % 15),
      });
  }
  console.log(
    `wrote the plan, ${NOTES} sessions with notes, reviews and outcomes over HTTP: ${fixed((performance.now() - started) / 1000, 1)} s`,
  );

  const rows: string[][] = [];
  for (const [label, query] of [
    ['whole plan', ''],
    ['one goal', '?goal=g0'],
  ] as const) {
    const url = `${base}/CarePlans/${plan.id}/thread${query}`;
    for (let i = 0; i < 3; i++) await timedFetch(url, { headers: session });
    const samples: { ms: number; dbMs?: number; status: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) samples.push(await timedFetch(url, { headers: session }));
    if (samples.some((s) => s.status !== 200)) throw new Error(`${label}: answered ${samples.find((s) => s.status !== 200)!.status}`);
    const ms = samples.map((s) => s.ms);
    const db = samples.map((s) => s.dbMs ?? 0);
    rows.push([label, fixed(percentile(ms, 50), 1), fixed(percentile(ms, 95), 1), fixed(Math.max(...ms), 1), fixed(percentile(db, 50), 1)]);
  }
  printTable(['GET thread', 'p50 ms', 'p95 ms', 'max ms', 'db p50 ms'], rows);
  console.log(`Target: the thread of ${NOTES} notes and ${GOALS} goals within 200 ms (the view's data; rendering comes on top).`);
} finally {
  await server?.stop();
  await dropDatabase(DATABASE);
  await fs.rm(dataDir, { recursive: true, force: true });
}
