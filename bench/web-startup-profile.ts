import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from '../e2e/support/chromium.ts';
import { describeMachine } from './support/machine.ts';
import { envInt, printTable } from './support/table.ts';
import { median, signInCookies, startWebServer, WEB_ROOT, type WebServer } from './web-support.ts';
import type { TraceEvent } from './support/trace-event.ts';

/**
 * Where the main thread goes while the app starts, on a phone-like CPU: the work behind
 * Lighthouse's total blocking time (bench/web-lighthouse.ts, docs/performance.md, "Running the
 * benches").
 *
 * Builds the web client as in production into a temporary folder, with source maps beside the
 * scripts (so each CPU-profile sample can be put down to the module and function it ran in), serves
 * it from the real server (a fresh database of the machine's PostgreSQL 15, `CASELOAD_WEB_DIST`
 * pointing at the build), and loads it in Debian's Chromium with
 * the CPU slowed down 4 times (CDP `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset
 * simulates), the phone's viewport and the mobile variant's user agent (PROFILE_VARIANT=default
 * for the desktop one), twice: the sign-in page signed out, and the landing page `/` signed in.
 *
 * Printed per page: first and largest contentful paint, layout shift, every task of 50 ms or more
 * on the page's main thread (Chromium's trace) and their blocking time (the part of each over
 * 50 ms, summed, from first paint on, as Lighthouse counts it), median of PROFILE_RUNS loads;
 * then, from one more load with V8's sampling profiler on, what ran during its long tasks: self
 * time by package, module and function, and by the nearest module of packages/web/src on the
 * stack (whose work it was). PROFILE_SCOPE=before-lcp attributes every task from navigation to
 * the largest contentful paint instead, long or not: the work Lighthouse's simulated LCP adds up
 * (each task times the CPU slowdown), which slicing a render into short tasks does not reduce.
 *
 * Run: `npx tsx bench/web-startup-profile.ts` (env PROFILE_RUNS (3), PROFILE_CPU_RATE (4),
 * PROFILE_VARIANT=mobile|default, PROFILE_TOP (15) rows per table, PROFILE_PAGES=sign-in,shell,
 * PROFILE_SCOPE=long-tasks|before-lcp).
 */

const RUNS = envInt('PROFILE_RUNS', 3);
const CPU_RATE = envInt('PROFILE_CPU_RATE', 4);
const TOP = envInt('PROFILE_TOP', 15);
const VARIANT = process.env.PROFILE_VARIANT === 'default' ? 'default' : 'mobile';
/** Lighthouse counts the part of a task beyond 50 ms as blocking. */
const LONG_TASK_MS = 50;
const BEFORE_LCP = process.env.PROFILE_SCOPE === 'before-lcp';
/** How long to keep recording after the page is up: the idle-time and warm-up work (3 s after load) counts too. */
const SETTLE_MS = 6_000;

/** Lighthouse's mobile device (a Moto G Power) and desktop, with this Chromium's version in the agent. */
function deviceFor(major: string) {
  return VARIANT === 'mobile'
    ? {
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
          `Chrome/${major}.0.0.0 Mobile Safari/537.36`,
      }
    : {
        viewport: { width: 1350, height: 940 },
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) ' + `Chrome/${major}.0.0.0 Safari/537.36`,
      };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Load {
  fcp: number;
  lcp: number;
  cls: number;
  /** Long tasks of the page's main thread: start (ms from navigation) and duration (ms). */
  tasks: { start: number; duration: number }[];
  /** The same (every task before the LCP with PROFILE_SCOPE=before-lcp), in the trace's clock (µs), to line up with the CPU profile. */
  traceTasks: { ts: number; dur: number }[];
  profile?: CpuProfile;
}

/** Paint metrics, observed by the page itself from its very start. */
const OBSERVE_PAINTS = () => {
  const w = window as unknown as { __paints: { fcp: number; lcp: number; cls: number } };
  w.__paints = { fcp: 0, lcp: 0, cls: 0 };
  new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => e.name === 'first-contentful-paint' && (w.__paints.fcp = e.startTime)),
  ).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.__paints.lcp = e.startTime))).observe({
    type: 'largest-contentful-paint',
    buffered: true,
  });
  new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => {
      const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
      if (!shift.hadRecentInput) w.__paints.cls += shift.value;
    }),
  ).observe({ type: 'layout-shift', buffered: true });
};

/** The top-level tasks of the page's renderer main thread (the process of its main frame). */
function mainThreadTasks(events: TraceEvent[]): { ts: number; dur: number }[] {
  const started = events.find((e) => e.name === 'TracingStartedInBrowser') as
    (TraceEvent & { args: { data: { frames: { processId: number }[] } } }) | undefined;
  const pid = started?.args.data.frames[0]?.processId;
  const thread = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  if (!thread) throw new Error("the trace has no main thread of the page's renderer");
  return events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name === 'RunTask' && e.dur !== undefined)
    .map((e) => ({ ts: e.ts, dur: e.dur! }));
}

/** One cold load in a fresh profile, recorded: trace (tasks), paints, and optionally a CPU profile. */
async function load(
  browser: Browser,
  server: WebServer,
  major: string,
  target: { path: string; signedIn: boolean },
  withProfile: boolean,
): Promise<Load> {
  const context = await browser.newContext({ ...deviceFor(major), baseURL: server.url, serviceWorkers: 'block', locale: 'en-GB' });
  try {
    if (target.signedIn) {
      const { cookie } = await signInCookies(server.url);
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
        }),
      );
    }
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_PAINTS);
    // A file of the same origin first, so the app's page stays in this renderer (and its profiler).
    await page.goto('/favicon.svg');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    if (withProfile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    const started = Date.now();
    await page.goto(target.path);
    await appIsUp(page, target.signedIn);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(Math.max(0, SETTLE_MS - (Date.now() - started)));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (process.env.PROFILE_TRACE_FILE) await fs.writeFile(process.env.PROFILE_TRACE_FILE, JSON.stringify(trace));
    const profile = withProfile ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
    const paints = await page.evaluate(() => (window as unknown as { __paints: { fcp: number; lcp: number; cls: number } }).__paints);
    const navigationStart = navigationStartTs(trace.traceEvents);
    const all = mainThreadTasks(trace.traceEvents).filter((t) => t.ts >= navigationStart);
    const long = all.filter((t) => t.dur >= LONG_TASK_MS * 1000);
    await cdp.detach();
    return {
      ...paints,
      tasks: long.map((t) => ({ start: (t.ts - navigationStart) / 1000, duration: t.dur / 1000 })),
      traceTasks: BEFORE_LCP ? all.filter((t) => t.ts < navigationStart + paints.lcp * 1000) : long,
      profile,
    };
  } finally {
    await context.close();
  }
}

/** The app's navigation in the trace's clock: the request of its document. */
function navigationStartTs(events: TraceEvent[]): number {
  const document = events.find(
    (e) => e.name === 'ResourceSendRequest' && (e.args?.data as { resourceType?: string } | undefined)?.resourceType === 'Document',
  );
  if (!document) throw new Error("the trace has no request of the page's document");
  return document.ts;
}

/**
 * Waits for the page's first screen with a plain selector checked every 100 ms: Playwright's role
 * locators would run its accessibility-tree code on the page's main thread, which is what is
 * being measured.
 */
async function appIsUp(page: Page, signedIn: boolean): Promise<void> {
  const selector = signedIn ? 'nav[aria-label="Main navigation"]' : 'form[aria-label="Sign in"] button[type="submit"]';
  await page.waitForFunction((s) => document.querySelector(s) !== null, selector, { polling: 100, timeout: 60_000 });
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments, line by line: [generated column, source, original line, original column, name?]. */
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    state[0] = 0;
    const segments: number[][] = [];
    for (const text of line.split(',')) {
      if (!text) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      fields.forEach((delta, i) => (state[i] = state[i]! + delta));
      segments.push(state.slice(0, fields.length));
    }
    lines.push(segments);
  }
  return lines;
}

interface Origin {
  module: string;
  name?: string;
}

/**
 * Where a position of the build's script came from (its `.map`, written by the build beside it):
 * the source module, shortened to a package path or web/... or core/..., and the original name.
 */
function sourceMapLookup(dir: string) {
  const maps = new Map<string, Promise<{ sources: string[]; names: string[]; lines: number[][][] } | undefined>>();
  const read = (pathname: string) => {
    let map = maps.get(pathname);
    if (!map) {
      map = fs
        .readFile(path.join(dir, `${pathname}.map`), 'utf8')
        .then((text) => {
          const raw = JSON.parse(text) as { sources: string[]; names: string[]; mappings: string };
          return { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) };
        })
        .catch(() => undefined);
      maps.set(pathname, map);
    }
    return map;
  };
  return async (url: string, line: number, column: number): Promise<Origin> => {
    const pathname = new URL(url).pathname;
    const map = await read(pathname);
    const segments = map?.lines[line];
    if (!map || !segments?.length) return { module: `${path.basename(pathname)}:${line}:${column}` };
    let found = segments[0]!;
    for (const segment of segments) {
      if (segment[0]! > column) break;
      found = segment;
    }
    const source = found[1] === undefined ? path.basename(pathname) : map.sources[found[1]]!;
    const module = source
      .replace(/^.*node_modules\//, '')
      .replace(/^.*packages\/web\/src\//, 'web/')
      .replace(/^.*packages\/core\/src\//, 'core/');
    return { module, name: found[4] === undefined ? undefined : map.names[found[4]] };
  };
}

/** A module's package (or web/<folder>), for the coarse table. */
const packageOf = (module: string) =>
  module.startsWith('web/')
    ? module.split('/').slice(0, 3).join('/')
    : module.startsWith('@')
      ? module.split('/').slice(0, 2).join('/')
      : module.split('/')[0]!;

/** Self time in the long tasks, by module, by package and by the nearest packages/web/src module on the stack. */
async function attribute(profile: CpuProfile, tasks: { ts: number; dur: number }[], dir: string) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const lookup = sourceMapLookup(dir);
  const origins = new Map<number, Origin>();
  const originOf = async (node: ProfileNode): Promise<Origin> => {
    let origin = origins.get(node.id);
    if (!origin) {
      const { url, lineNumber, columnNumber, functionName } = node.callFrame;
      origin = url.startsWith('http') ? await lookup(url, lineNumber, columnNumber) : { module: functionName || '(anonymous)' };
      if (url.startsWith('http')) origin.name = origin.name || functionName;
      origins.set(node.id, origin);
    }
    return origin;
  };
  const byModule = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const byAppModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const byTask: { entries: Map<string, number>; packages: Map<string, number>; apps: Map<string, number> }[] = [];
  let time = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const task = tasks.findIndex((t) => time >= t.ts && time < t.ts + t.dur);
    if (task < 0) continue;
    const leaf = nodes.get(profile.samples[i]!)!;
    const { module, name } = await originOf(leaf);
    total += ms;
    // Per task: its entry point (the outermost script frame) and its packages.
    let entry: ProfileNode = leaf;
    for (let id = parent.get(leaf.id); id !== undefined && nodes.get(id)!.callFrame.url; id = parent.get(id)) entry = nodes.get(id)!;
    const entryOrigin = await originOf(entry);
    const perTask = (byTask[task] ??= { entries: new Map(), packages: new Map(), apps: new Map() });
    add(perTask.entries, `${entryOrigin.name || '(anonymous)'} (${entryOrigin.module})`, ms);
    add(perTask.packages, packageOf(module), ms);
    add(byModule, module, ms);
    add(byPackage, packageOf(module), ms);
    add(byFunction, `${name || '(anonymous)'} (${module})`, ms);
    let app = 'none (outside packages/web/src)';
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const m = (await originOf(nodes.get(id)!)).module;
      if (m.startsWith('web/')) {
        app = m;
        break;
      }
    }
    add(byAppModule, app, ms);
    add(perTask.apps, app, ms);
  }
  return { total, byModule, byPackage, byAppModule, byFunction, byTask };
}

function printTop(title: string, map: Map<string, number>, total: number): void {
  console.log(`\n${title}\n`);
  printTable(
    ['where', 'ms', 'share'],
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([k, ms]) => [k, ms.toFixed(0), `${Math.round((100 * ms) / total)} %`]),
  );
}

/** The production build, with source maps beside its scripts (not referenced from them). */
async function buildWithMaps(): Promise<string> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-startup-profile-'));
  process.env.NODE_ENV = 'production';
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
  });
  return outDir;
}

/** The server on `dir`'s build: its own fresh database, `CASELOAD_WEB_DIST` read when it starts. */
async function serve(dir: string): Promise<WebServer> {
  const before = process.env.CASELOAD_WEB_DIST;
  process.env.CASELOAD_WEB_DIST = dir;
  try {
    return await startWebServer('web_startup_profile');
  } finally {
    if (before === undefined) delete process.env.CASELOAD_WEB_DIST;
    else process.env.CASELOAD_WEB_DIST = before;
  }
}

/** PROFILE_PAGES=shell (or sign-in) profiles one page only. */
const PAGES = process.env.PROFILE_PAGES;
const targets = [
  { name: 'sign-in page', key: 'sign-in', path: '/sign-in', signedIn: false },
  { name: 'shell (signed in)', key: 'shell', path: '/', signedIn: true },
].filter((t) => !PAGES || PAGES.split(',').includes(t.key));

const dir = await buildWithMaps();
console.log(await describeMachine());
const browser = await launchChromium();
const server = await serve(dir);
const major = /^(\d+)/.exec(browser.version())?.[1] ?? '138';
console.log(`Chromium ${browser.version()}, CPU slowed ${CPU_RATE}x, ${VARIANT} variant; build in ${dir}`);
try {
  const rows: string[][] = [];
  for (const target of targets) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await load(browser, server, major, target, false));
    const blocking = loads.map((l) =>
      l.tasks.filter((t) => t.start + t.duration > l.fcp).reduce((s, t) => s + Math.max(0, t.duration - LONG_TASK_MS), 0),
    );
    const longest = loads.map((l) => Math.max(0, ...l.tasks.map((t) => t.duration)));
    rows.push([
      target.name,
      `${median(loads.map((l) => l.fcp)).toFixed(0)} ms`,
      `${median(loads.map((l) => l.lcp)).toFixed(0)} ms`,
      median(loads.map((l) => l.cls)).toFixed(3),
      `${median(longest).toFixed(0)} ms (${longest.map((n) => n.toFixed(0)).join(', ')})`,
      `${median(blocking).toFixed(0)} ms (${blocking.map((n) => n.toFixed(0)).join(', ')})`,
      loads.map((l) => l.tasks.map((t) => `${t.duration.toFixed(0)}@${t.start.toFixed(0)}`).join(' ')).join(' | '),
    ]);
  }
  console.log(`\nMedian of ${RUNS} cold loads (each run in brackets; tasks as duration@start, ms from navigation):\n`);
  printTable(['page', 'FCP', 'LCP', 'CLS', 'longest task', 'blocking time', 'tasks ≥ 50 ms, each run'], rows);

  for (const target of targets) {
    const profiled = await load(browser, server, major, target, true);
    const found = await attribute(profiled.profile!, profiled.traceTasks, dir);
    if (BEFORE_LCP)
      console.log(
        `\n=== ${target.name}: every task before the LCP (${profiled.lcp.toFixed(0)} ms): ` +
          `${profiled.traceTasks.length} tasks, ${(profiled.traceTasks.reduce((sum, t) => sum + t.dur, 0) / 1000).toFixed(0)} ms`,
      );
    console.log(
      `\n=== ${target.name}, one profiled load: ${profiled.tasks.length} tasks ≥ ${LONG_TASK_MS} ms ` +
        `(${profiled.tasks.map((t) => `${t.duration.toFixed(0)}@${t.start.toFixed(0)}`).join(' ')}), ` +
        `${found.total.toFixed(0)} ms sampled in them`,
    );
    const top = (map: Map<string, number> | undefined, n: number) =>
      [...(map ?? [])]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
        .join(', ');
    if (!BEFORE_LCP) {
      console.log('\nEach long task: what started it (outermost script frame) and its packages, sampled ms:\n');
      printTable(
        ['task', 'started by', 'packages', 'whose work (nearest packages/web/src module)'],
        profiled.tasks.map((t, i) => [
          `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`,
          top(found.byTask[i]?.entries, 2),
          top(found.byTask[i]?.packages, 5),
          top(found.byTask[i]?.apps, 4),
        ]),
      );
    }
    printTop('Self time by package:', found.byPackage, found.total);
    printTop('Self time by module:', found.byModule, found.total);
    printTop('Self time by function:', found.byFunction, found.total);
    printTop('By the nearest packages/web/src module on the stack (whose work it is):', found.byAppModule, found.total);
  }
} finally {
  await browser.close();
  await server.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
