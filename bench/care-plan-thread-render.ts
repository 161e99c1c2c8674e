import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { describeMachine } from './support/machine.ts';
import { PageCpu, type CpuSample } from './support/page-cpu.ts';
import { envInt, fixed, printTable } from './support/table.ts';
import { DEMO_ADMINISTRATIVE, ensureWebBuilt, median, signInCookies, signInThroughPage, startWebServer } from './web-support.ts';

/**
 * Issue 21: "the chart's golden-thread view for a patient with 200 notes and a 10-goal plan
 * renders in < 200 ms", in Debian's Chromium against the real server and the built client.
 *
 * A demo patient the demo's prescribing clinician reaches gets, over HTTP as that clinician, a
 * newer Active plan of GOALS (10) goals (2 objectives and an intervention each) and NOTES (200)
 * sessions with their notes, each addressing a goal and an objective with progress, so every goal
 * has 20 sessions and a progress chart. In the chart, the Care plans tab is left for Demographics
 * and opened again (the tab mounts anew, reads the thread from the server and renders it);
 * "complete" stops at the first frame, with the main thread free, after which every goal's card is
 * in the page and each card on screen has its progress chart's SVG, from the click (charts below
 * the fold mount as the user scrolls near them: ui/WhenNearViewport). Beside it the page's main-thread
 * CPU time of that render (Chromium's counters in thread time, which other processes on a shared
 * machine barely disturb) and the server's thread read (from the Network timing of the page).
 *
 * Run: `npx tsx bench/care-plan-thread-render.ts` (env BENCH_NOTES (200), BENCH_GOALS (10), BENCH_RUNS (9)).
 */

const NOTES = envInt('BENCH_NOTES', 200);
const GOALS = envInt('BENCH_GOALS', 10);
const RUNS = envInt('BENCH_RUNS', 9);
const TARGET_MS = 200;
const CLINICIAN = { ...DEMO_ADMINISTRATIVE, email: 'prescribing.clinician@demo.caseload.local' };

/** Clicks the Care plans tab and answers the milliseconds until the whole view is painted and the thread is free. */
async function renderOnce(page: Page, goals: number): Promise<number> {
  return page.evaluate(async (count) => {
    const tab = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find((t) => t.textContent === 'Care plans')!;
    const start = performance.now();
    tab.click();
    const complete = () => {
      const cards = document.querySelectorAll('[data-testid^="goal-thread-"]');
      if (cards.length < count) return false;
      return Array.from(cards).every(
        (c) =>
          c.getBoundingClientRect().top >= window.innerHeight ||
          !c.querySelector('[data-when-near]') ||
          c.querySelector('[data-testid="goal-progress-chart"] svg.recharts-surface'),
      );
    };
    await new Promise<void>((resolve) => {
      const check = () => (complete() ? resolve() : requestAnimationFrame(check));
      requestAnimationFrame(check);
    });
    return new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now() - start), 0)));
  }, goals);
}

ensureWebBuilt();
const server = await startWebServer('care_plan_thread_render');
const browser = await launchChromium();
try {
  console.log(await describeMachine());
  const practiceUrl = `${server.url}/api/v1/practices/${DEMO_ADMINISTRATIVE.practiceId}`;
  const { cookie, xsrf } = await signInCookies(server.url, CLINICIAN);
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const r = await fetch(`${practiceUrl}/${path}`, {
      method,
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json', ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await r.json();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };

  const started = performance.now();
  const [patient] = await call('GET', 'Patients?pageSize=1');
  const elements = Array.from({ length: GOALS }, (_, g) => [
    { id: `g${g}`, kind: 'Goal', text: `Goal ${g + 1}: keep the week's routine`, measure: 'PHQ-9 below 10' },
    { id: `g${g}-o1`, kind: 'Objective', parent: `g${g}`, text: `Objective ${g + 1}.1` },
    { id: `g${g}-o2`, kind: 'Objective', parent: `g${g}`, text: `Objective ${g + 1}.2` },
    { id: `g${g}-i1`, kind: 'Intervention', parent: `g${g}-o1`, text: `Intervention ${g + 1}.1` },
  ]).flat();
  const today = new Date().toISOString().slice(0, 10);
  // Started today: newer than any demo plan of the patient, so it is the one the tab threads.
  const plan = await call('POST', 'CarePlans', {
    partition: patient.id,
    status: 'Active',
    title: `Bench plan of ${GOALS} goals`,
    period: { start: today },
    reviewDate: '2099-01-01',
    elements,
  });
  const planRef = { resourceType: 'CarePlan', id: plan.id };
  const progress = ['NotAchieved', 'InProgress', 'InProgress', 'Achieved'];
  for (let i = 0; i < NOTES; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000 * 2).toISOString().slice(0, 10);
    const g = i % GOALS;
    const encounter = await call('POST', 'Encounters', {
      partition: patient.id,
      participants: [],
      visitStatus: 'Show',
      sessionTime: { mode: 'DurationMinutes', start: `${day}T14:00:00Z`, minutes: 50 },
      carePlanActivities: [
        { carePlan: planRef, element: `g${g}`, progress: progress[Math.floor(i / GOALS) % progress.length] },
        { carePlan: planRef, element: `g${g}-o${1 + (i % 2)}`, progress: 'InProgress' },
      ],
    });
    await call('POST', 'Notes', {
      partition: patient.id,
      kind: 'Note',
      encounter: { resourceType: 'Encounter', id: encounter.id },
      encounterDate: `${day}T14:00:00Z`,
      title: `Session ${i + 1}`,
      sections: [{ key: 'n', kind: 'Narrative', narrative: '<p>Worked on the plan.</p>' }],
    });
  }
  console.log(`wrote the plan and ${NOTES} sessions with notes over HTTP: ${fixed((performance.now() - started) / 1000, 1)} s`);

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  // tsx names the functions of the evaluated code through a helper the page does not have.
  await page.addInitScript('window.__name = (f) => f');
  await signInThroughPage(page, CLINICIAN);
  await page.goto(`/patients/${patient.id}?tab=care-plans`);
  await page.locator('[data-testid="goal-thread-g0"] svg.recharts-surface').waitFor({ timeout: 60_000 });
  const cpu = await PageCpu.attach(context, page);
  const threadMs: number[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/thread')) threadMs.push(request.timing().responseEnd - request.timing().requestStart);
  });
  const wall: number[] = [];
  const cpus: CpuSample[] = [];
  for (let run = 0; run < RUNS + 2; run++) {
    await page.getByRole('tab', { name: 'Demographics' }).click();
    await page.waitForTimeout(300);
    const before = await cpu.read();
    const ms = await renderOnce(page, GOALS);
    const used = PageCpu.delta(before, await cpu.read());
    // The first two warm the chunks and the JIT.
    if (run >= 2) {
      wall.push(ms);
      cpus.push(used);
    }
  }
  const served = threadMs.slice(-RUNS);
  const ms = (v: number) => `${fixed(v, 0)} ms`;
  const cpuMedian = (key: keyof CpuSample) => median(cpus.map((c) => c[key]));
  printTable(
    ['measure', 'median', 'worst', 'target', 'verdict'],
    [
      [
        `click to complete view, ${GOALS} goals, ${NOTES} notes (${RUNS} runs)`,
        ms(median(wall)),
        ms(Math.max(...wall)),
        `< ${TARGET_MS} ms`,
        median(wall) < TARGET_MS ? 'met' : 'missed',
      ],
      [
        'render CPU: script / all main-thread tasks',
        `${ms(cpuMedian('script'))} / ${ms(cpuMedian('task'))}`,
        `style + layout ${ms(cpuMedian('styleLayout'))}`,
        `< ${TARGET_MS} ms`,
        cpuMedian('task') < TARGET_MS ? 'met' : 'missed',
      ],
      ['of which the server: GET thread (request to response end)', ms(median(served)), ms(Math.max(...served)), '', ''],
    ],
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
