/** Sequential HTTP timings for bench/scale.ts: one request at a time, so each figure is latency alone. */

export interface TimedResponse {
  status: number;
  /** Items in a JSON array answer, or the x-total-count of a count. */
  size: number;
  /** Database time the server reported in Server-Timing (`db;dur=`), when it did. */
  dbMs?: number;
}

export interface LatencyFigures {
  p50: number;
  p95: number;
  dbP50?: number;
  dbP95?: number;
  meanSize: number;
  failures: number;
}

export async function timedFetch(url: string, init: RequestInit): Promise<TimedResponse & { ms: number }> {
  const start = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - start;
  const total = response.headers.get('x-total-count');
  const size = total !== null ? Number(total) : text.startsWith('[') ? (JSON.parse(text) as unknown[]).length : 0;
  const db = /db;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  return { status: response.status, size, ms, ...(db && { dbMs: Number(db[1]) }) };
}

/** Sends `count` requests one after another; `next(i)` builds request i. */
export async function measureSequential(count: number, next: (i: number) => { url: string; init: RequestInit }): Promise<LatencyFigures> {
  const samples: (TimedResponse & { ms: number })[] = [];
  for (let i = 0; i < count; i++) {
    const { url, init } = next(i);
    samples.push(await timedFetch(url, init));
  }
  const ok = samples.filter((s) => s.status >= 200 && s.status < 300);
  const db = ok.flatMap((s) => (s.dbMs === undefined ? [] : [s.dbMs]));
  return {
    p50: percentile(
      ok.map((s) => s.ms),
      50,
    ),
    p95: percentile(
      ok.map((s) => s.ms),
      95,
    ),
    ...(db.length > 0 && { dbP50: percentile(db, 50), dbP95: percentile(db, 95) }),
    meanSize: ok.reduce((sum, s) => sum + s.size, 0) / Math.max(ok.length, 1),
    failures: samples.length - ok.length,
  };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
