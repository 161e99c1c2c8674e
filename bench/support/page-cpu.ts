import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * The renderer main thread's CPU time, read from Chromium's own counters (CDP
 * `Performance.getMetrics`). Wall-clock figures on a shared two-core machine mostly measure the
 * other processes; these count only the time the page's thread actually ran (`threadTicks`), so
 * before/after comparisons stay meaningful under load.
 */
export interface CpuSample {
  /** JavaScript (React's render and commit, event handlers). */
  script: number;
  /** Every task of the main thread: script, style, layout, parsing, GC. */
  task: number;
  /** Style recalculation and layout. */
  styleLayout: number;
}

const METRICS = { script: 'ScriptDuration', task: 'TaskDuration', style: 'RecalcStyleDuration', layout: 'LayoutDuration' } as const;

/** Reads the page's CPU counters; `delta` answers the milliseconds spent since an earlier reading. */
export class PageCpu {
  private constructor(private readonly cdp: CDPSession) {}

  static async attach(context: BrowserContext, page: Page): Promise<PageCpu> {
    const cdp = await context.newCDPSession(page);
    // threadTicks: durations in the thread's CPU time, not wall time (falls back to wall time where unsupported).
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' }).catch(() => cdp.send('Performance.enable'));
    return new PageCpu(cdp);
  }

  async read(): Promise<CpuSample> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { script: get(METRICS.script), task: get(METRICS.task), styleLayout: get(METRICS.style) + get(METRICS.layout) };
  }

  static delta(before: CpuSample, after: CpuSample, divideBy = 1): CpuSample {
    return {
      script: (after.script - before.script) / divideBy,
      task: (after.task - before.task) / divideBy,
      styleLayout: (after.styleLayout - before.styleLayout) / divideBy,
    };
  }

  /** Runs `work` under the sampling CPU profiler and writes the profile (open it in DevTools' Performance panel). */
  async profile<T>(file: string, work: () => Promise<T>): Promise<T> {
    await this.cdp.send('Profiler.enable');
    await this.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await this.cdp.send('Profiler.start');
    try {
      return await work();
    } finally {
      const { profile } = await this.cdp.send('Profiler.stop');
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify(profile));
    }
  }
}

/**
 * Serves the client from a saved build folder instead of the server's packages/web/dist (the API
 * still goes to the server), so two builds can be measured side by side in the same conditions.
 */
export async function serveBuildFrom(context: BrowserContext, dist: string): Promise<void> {
  const root = path.resolve(dist);
  await context.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      let file = path.join(root, decodeURIComponent(pathname));
      const stats = file.startsWith(root) ? await fs.stat(file).catch(() => undefined) : undefined;
      if (!stats?.isFile()) file = path.join(root, 'index.html');
      await route.fulfill({ path: file, headers: { 'cache-control': 'no-cache' } });
    },
  );
}
