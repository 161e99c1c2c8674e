import fs from 'node:fs';
import type { TraceEvent } from './trace-event.ts';

/**
 * Lists the page's main-thread tasks in a Chromium trace (as `LIGHTHOUSE_TRACES=true
 * bench/web-lighthouse.ts` keeps beside each report) that ran at least MIN milliseconds, with
 * what ran inside each: modules compiled and evaluated, functions called (by script and name),
 * style, layout and paint. Lighthouse's mobile preset records its trace without slowing the CPU
 * and multiplies every task by 4 in its simulation, so a task of 12.5 ms here is a 50 ms long task
 * there, and its blocking time counts. The times are wall-clock: on a busy machine every task is
 * longer, so read traces of quiet runs (docs/performance.md, "Running the benches").
 *
 * Run: `npx tsx bench/support/trace-tasks.ts REPORT.trace.json [MIN_MS=12]`.
 */

const [file, min = '12'] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-tasks.ts REPORT.trace.json [MIN_MS]');
const MIN_MS = Number(min);
const events = (JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

// The page's renderer: the one whose main thread saw the main frame's navigation.
const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
if (!navigation) throw new Error('no main-frame navigation in the trace');
const onMain = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);

const RENDERING = new Set([
  'UpdateLayoutTree',
  'Layout',
  'ParseAuthorStyleSheet',
  'Paint',
  'PrePaint',
  'Commit',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
]);
const fileOf = (url: unknown) =>
  String(url ?? '')
    .split('/')
    .pop()!
    .slice(0, 40);

/** What one event inside a task was, or undefined for events that only wrap others. */
function labelOf(e: TraceEvent): string | undefined {
  const data = e.args?.data ?? {};
  if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') return `evaluate ${fileOf(data.url ?? data.scriptName)}`;
  if (e.name === 'v8.compileModule' || e.name === 'v8.compile') return `compile ${fileOf(e.args?.fileName ?? data.url)}`;
  if (e.name === 'FunctionCall') return `call ${fileOf(data.url)} ${String(data.functionName ?? '')}`.trim();
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch') return e.name;
  return RENDERING.has(e.name) ? e.name : undefined;
}

for (const task of onMain) {
  if (task.name !== 'RunTask' && task.name !== 'ThreadControllerImpl::RunTask') continue;
  const ms = (task.dur ?? 0) / 1000;
  if (ms < MIN_MS) continue;
  const end = task.ts + (task.dur ?? 0);
  const spent = new Map<string, number>();
  for (const e of onMain) {
    if (e.ts < task.ts) continue;
    if (e.ts >= end) break;
    const label = e === task ? undefined : labelOf(e);
    if (label) spent.set(label, (spent.get(label) ?? 0) + (e.dur ?? 0) / 1000);
  }
  const inside = [...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([label, t]) => `${label} ${t.toFixed(1)}`)
    .join(' | ');
  console.log(
    `${((task.ts - navigation.ts) / 1000).toFixed(0).padStart(6)} ms  ` +
      `${ms.toFixed(1).padStart(6)} ms (x4: ${(ms * 4).toFixed(0).padStart(4)})  ${inside}`,
  );
}
