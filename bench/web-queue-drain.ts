import { randomUUID } from 'node:crypto';
import { launchChromium } from '../e2e/support/chromium.ts';
import { countInIndexedDb, exposeDataLayer, syncStatus } from '../e2e/support/data-layer.ts';
import { describeMachine } from './support/machine.ts';
import { envInt, fixed, printTable } from './support/table.ts';
import { DEMO_ADMINISTRATIVE, ensureWebBuilt, median, signInThroughPage, startWebServer } from './web-support.ts';

/**
 * Issue 4: "the time for 1,000 queued offline edits to drain after reconnect (target ≤ 10 s)".
 *
 * Builds packages/web/dist when stale and starts Caseload on a fresh database of the machine's
 * PostgreSQL 15; in Debian's Chromium (Playwright) the demo practice's Administrative user signs
 * in, the browser goes offline (`context.setOffline`), and 1,000 edits are made through the page's
 * own data layer (e2e/support/data-layer.ts), as a screen's `useUpsert` makes them: 200 Locations
 * created, then each updated four times (so each later write waits for the earlier one of its item
 * and goes as a PATCH of the server's answer). Then the browser goes online, and the clock runs
 * until the queue is empty (the data layer's pending count is 0: every write was answered and
 * settled), and until a query of the server has confirmed all 200 at their last edit, once each.
 * WEB_DRAIN_RUNS runs (3) in the same page, each with new Locations; the median is compared with
 * the target. Besides the times it prints where they went: the writes on the wire (from the
 * browser's network timings), the page's main-thread CPU time (Chrome's thread ticks, which other
 * processes' load does not inflate), and the queue's own counters (`DataLayer.queueStats()`: store
 * steps, answers stored per step, reads of the whole queue, time in steps).
 *
 * Run: `npx tsx bench/web-queue-drain.ts` (env WEB_DRAIN_RUNS, WEB_DRAIN_ITEMS (200)).
 */

const RUNS = envInt('WEB_DRAIN_RUNS', 3);
const ITEMS = envInt('WEB_DRAIN_ITEMS', 200);
const ROUNDS = 4;
const EDITS = ITEMS * (1 + ROUNDS);
const TARGET_MS = 10_000;

ensureWebBuilt();
const server = await startWebServer('web_queue_drain');
const browser = await launchChromium();
try {
  console.log(await describeMachine());
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughPage(page);
  await exposeDataLayer(page);
  const userKey = await page.evaluate(() => window.__e2eDataLayer!.userKey);
  const practiceUrl = `${server.url}/api/v1/practices/${DEMO_ADMINISTRATIVE.practiceId}`;

  /** Every Location of one run, read from the server with the page's own session. */
  async function onServer(marker: string): Promise<Record<string, any>[]> {
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const response = await context.request.post(`${practiceUrl}/Locations/queries?pageSize=1000`, {
      data: [{ field: 'marker', op: 'eq', value: marker }],
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    if (!response.ok()) throw new Error(`query answered ${response.status()}`);
    return response.json();
  }

  /** The writes of the drain, as the browser saw them: when sent, how long until answered, the server's own time. */
  interface Write {
    start: number;
    roundTrip: number;
    server: number;
  }
  let writes: Promise<Write>[] = [];
  context.on('requestfinished', (request) => {
    if (!['PUT', 'PATCH'].includes(request.method()) || !request.url().includes('/Locations/')) return;
    writes.push(
      (async () => {
        const timing = request.timing();
        const serverTiming = (await request.response())?.headers()['server-timing'] ?? '';
        return {
          start: timing.startTime,
          roundTrip: timing.responseEnd,
          server: Number(/total;dur=([\d.]+)/.exec(serverTiming)?.[1] ?? NaN),
        };
      })(),
    );
  });

  // The page's main-thread CPU time (thread ticks, so other processes' load does not inflate it).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const mainThreadMs = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
  };

  /** The page's queue counters (DataLayer.queueStats), when this build has them. */
  const queueStats = () =>
    page.evaluate(() => (window.__e2eDataLayer as unknown as { queueStats?: () => Record<string, number> }).queueStats?.());

  const rows: string[][] = [];
  const costs: string[][] = [];
  const browserSide: string[][] = [];
  const drains: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const marker = `drain-${randomUUID()}`;
    await context.setOffline(true);
    await page.waitForFunction(() => !window.__e2eDataLayer!.syncState.get().online);

    const enqueueMs = await page.evaluate(
      async ({ marker, items, rounds }) => {
        const layer = window.__e2eDataLayer!;
        const started = performance.now();
        const written: Record<string, unknown>[] = [];
        for (let i = 0; i < items; i++)
          written.push(await layer.upsert('Locations', { display: `Room ${i} (${marker})`, marker, counter: 0 }));
        for (let round = 1; round <= rounds; round++) {
          for (let i = 0; i < items; i++)
            written[i] = await layer.upsert('Locations', { ...written[i], counter: round, note: `edit ${round}` });
        }
        return performance.now() - started;
      },
      { marker, items: ITEMS, rounds: ROUNDS },
    );
    await page.waitForFunction((edits) => window.__e2eDataLayer!.syncState.get().pendingCount === edits, EDITS);
    const queued = await countInIndexedDb(page, userKey, 'pendingUpserts');
    if (queued !== EDITS) throw new Error(`${queued} writes queued in IndexedDB, expected ${EDITS}`);

    // Reconnect: the clock runs from the browser's `online` until the queue is empty.
    writes = [];
    const before = await queueStats();
    const cpuBefore = await mainThreadMs();
    const started = performance.now();
    await context.setOffline(false);
    await page.waitForFunction(() => window.__e2eDataLayer!.syncState.get().pendingCount === 0, undefined, {
      polling: 20,
      timeout: 120_000,
    });
    const emptyMs = performance.now() - started;
    const cpuMs = (await mainThreadMs()) - cpuBefore;
    const locations = await onServer(marker);
    const confirmedMs = performance.now() - started;

    const failed = await page.evaluate(() => window.__e2eDataLayer!.syncState.get().failed.length);
    const atLast = locations.filter((l) => l.counter === ROUNDS).length;
    if (locations.length !== ITEMS || atLast !== ITEMS || failed !== 0 || (await syncStatus(page)) !== 'synced') {
      throw new Error(`after the drain: ${locations.length} on the server (${atLast} at the last edit), ${failed} refused`);
    }
    drains.push(confirmedMs);
    const after = await queueStats();
    if (before && after) {
      // The browser's bookkeeping: each step is one IndexedDB transaction storing the answers that
      // came back together and reserving the next writes (packages/web/src/data/queue/drain-pass.ts).
      const d = (k: string) => after[k]! - before[k]!;
      browserSide.push([
        String(run),
        String(d('sent')),
        String(d('steps')),
        fixed(d('settled') / Math.max(1, d('steps')), 2),
        String(d('queueReads')),
        fixed(d('stepMs')),
        fixed(d('stepMs') / Math.max(1, d('steps')), 2),
        String(after.maxOnWire),
      ]);
    }
    // Where a write's time goes: on the wire and in the server; and how many writes the queue kept
    // on the wire at once (WRITES_IN_FLIGHT at most), and for how long none was (the browser's own
    // work between answers and the next writes: IndexedDB, the mutex, picking the next).
    const sent = (await Promise.all(writes)).sort((a, b) => a.start - b.start);
    const edges = sent
      .flatMap((w) => [
        { at: w.start, d: 1 },
        { at: w.start + w.roundTrip, d: -1 },
      ])
      .sort((a, b) => a.at - b.at || a.d - b.d);
    let onWire = 0;
    let most = 0;
    let idle = 0;
    for (let i = 0; i < edges.length; i++) {
      onWire += edges[i]!.d;
      most = Math.max(most, onWire);
      if (onWire === 0 && i + 1 < edges.length) idle += edges[i + 1]!.at - edges[i]!.at;
    }
    const span = Math.max(...sent.map((w) => w.start + w.roundTrip)) - sent[0]!.start;
    const wire = sent.reduce((sum, w) => sum + w.roundTrip, 0);
    costs.push([
      String(run),
      String(sent.length),
      fixed(median(sent.map((w) => w.roundTrip)), 1),
      fixed(median(sent.map((w) => w.server)), 1),
      `${fixed(wire / span, 1)} / ${most}`,
      fixed(idle),
      fixed(wire),
      fixed(cpuMs),
    ]);
    rows.push([
      String(run),
      String(EDITS),
      fixed(enqueueMs),
      fixed(enqueueMs / EDITS, 2),
      fixed(emptyMs),
      fixed(confirmedMs),
      fixed(EDITS / (emptyMs / 1000), 0),
      confirmedMs <= TARGET_MS ? 'yes' : 'NO',
    ]);
  }

  console.log(
    `\n${EDITS} offline edits (${ITEMS} Locations created, each updated ${ROUNDS} times), ` +
      `then back online (target ≤ ${TARGET_MS / 1000} s):\n`,
  );
  printTable(['run', 'edits', 'queue offline ms', 'ms per edit', 'queue empty ms', 'all on server ms', 'writes/s', 'target met'], rows);
  console.log(`\nWhere the drain's time goes (medians per write; the sums are over the whole drain):\n`);
  printTable(
    [
      'run',
      'writes sent',
      'round trip ms',
      'server ms (Server-Timing total)',
      'on the wire at once, mean / max',
      'none on the wire ms',
      'sum of round trips ms',
      'page main-thread CPU ms',
    ],
    costs,
  );
  if (browserSide.length > 0) {
    console.log(`\nThe browser's bookkeeping (the queue's own counters; step = one IndexedDB transaction):\n`);
    printTable(
      [
        'run',
        'writes sent',
        'steps',
        'answers stored per step',
        'whole-queue reads',
        'time in steps ms',
        'ms per step',
        'most on the wire',
      ],
      browserSide,
    );
  }
  const typical = median(drains);
  console.log(
    `\nMedian: all ${EDITS} edits on the server ${fixed(typical)} ms after reconnecting: ` +
      `${typical <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS / 1000} s target.`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
