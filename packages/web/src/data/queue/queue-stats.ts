/**
 * What draining the queue cost the browser, counted since the layer started: read by
 * bench/web-queue-drain.ts to say where a drain's time goes (docs/performance.md).
 */
export interface QueueStats {
  /** Drain passes run. */
  passes: number;
  /** Writes put on the wire (attempts, retries included). */
  sent: number;
  /** Bookkeeping steps: each one store transaction that stores answers and picks the next writes. */
  steps: number;
  /** Successful answers stored by those steps. */
  settled: number;
  /** Reads of the whole queue's keys (once per pass, again after an edit made during it). */
  queueReads: number;
  /** Time spent in the steps, waiting for the mutex excluded: IndexedDB work and the merges. */
  stepMs: number;
  /** Most writes on the wire at once. */
  maxOnWire: number;
}

export const emptyQueueStats = (): QueueStats => ({ passes: 0, sent: 0, steps: 0, settled: 0, queueReads: 0, stepMs: 0, maxOnWire: 0 });

/** A clock for durations: the page's monotonic one where there is one. */
export const elapsedClock = (): number => globalThis.performance?.now() ?? Date.now();
