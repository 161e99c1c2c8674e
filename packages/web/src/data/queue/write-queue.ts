import type { ApiClient } from '../../api/index.ts';
import { WRITE_QUEUE_RETRY_MS } from '../constants.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite } from '../store/records.ts';
import type { Connectivity } from './connectivity.ts';
import { DrainPass, WRITES_IN_FLIGHT } from './drain-pass.ts';
import type { Mutex } from './mutex.ts';
import { emptyQueueStats, type QueueStats } from './queue-stats.ts';

export { WRITES_IN_FLIGHT };

/** Why the queue is not sending. */
export type QueueHold =
  /** The session ended (401): nothing is sent until the same user signs in again. */
  | 'signed-out'
  /** A retryable failure: the head of the queue waits until `retryAt`. */
  | 'waiting';

/** What the sync state shows about the queue itself. */
export interface QueueStatus {
  hold?: QueueHold;
  /** When the next attempt is due, for `waiting`. */
  retryAt?: number;
}

export interface WriteQueueOptions {
  store: LocalStore;
  api: ApiClient;
  clock: () => number;
  connectivity: Connectivity;
  mutex: Mutex;
  /**
   * Runs one drain exclusively across the user's tabs (Web Locks), so two tabs never send the
   * same write at once. Defaults to running it directly.
   */
  exclusive?: (drain: () => Promise<void>) => Promise<void>;
}

/**
 * The write queue of SPEC.md section 4: when it runs, and why it holds. Each run is a drain pass
 * (drain-pass.ts): up to {@link WRITES_IN_FLIGHT} writes on the wire at once, never two of the
 * same item, each item's writes in the order they were made, the answers stored in batches. A
 * retryable failure stops new sends until its retry is due; a refusal drops that write and the
 * queue moves on; a 401 holds everything until {@link resume}. Nothing is sent while the browser
 * is offline; coming back online sends everything.
 */
export class WriteQueue {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryAt: number | undefined;
  private retryReason: 'network' | 'status' | undefined;
  private signedOut = false;
  private disposed = false;
  /** Writes picked to be sent next, on the wire, or answered and not yet stored. */
  private readonly reserved = new Set<number>();
  /** The pass under way, told about edits queued while it runs. */
  private pass: DrainPass | undefined;
  private readonly counters = emptyQueueStats();
  private readonly listeners = new Set<() => void>();
  private readonly stopConnectivity: () => void;

  constructor(private readonly o: WriteQueueOptions) {
    this.stopConnectivity = o.connectivity.subscribe((online) => {
      if (!online) return;
      // Back online: a wait for the network is over; a server's Retry-After still stands.
      if (this.retryReason === 'network') this.clearRetry();
      void this.kick();
    });
  }

  /** Starts a drain (or asks the running one to look again); resolves when the queue rests. */
  kick(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.pass?.poke();
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runExclusive();
        } while (this.again && !this.disposed);
      } finally {
        // In the same step as the last check, so a kick arriving just after starts a new drain.
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /**
   * True while `record` is on the wire or its answer is being stored: it can no longer be
   * cancelled. Called by an edit about to cancel or drop it, so a write only picked to go next is
   * withdrawn from the pick instead (and false is answered).
   */
  isInFlight(record: Pick<PendingWrite, 'seq'>): boolean {
    if (this.pass?.withdraw(record.seq)) return false;
    return this.reserved.has(record.seq);
  }

  /** What draining has cost so far (bench/web-queue-drain.ts). */
  stats(): QueueStats {
    return { ...this.counters };
  }

  status(): QueueStatus {
    if (this.signedOut) return { hold: 'signed-out' };
    if (this.retryAt !== undefined) return { hold: 'waiting', retryAt: this.retryAt };
    return {};
  }

  /** The session ended: hold every write, discarding none. */
  holdForSignIn(): void {
    if (this.signedOut) return;
    this.signedOut = true;
    this.notify();
  }

  /** The same user signed in again: send what waited. */
  resume(): Promise<void> {
    if (this.signedOut) {
      this.signedOut = false;
      this.notify();
    }
    return this.kick();
  }

  /** Calls `listener` when {@link status} changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.stopConnectivity();
    this.listeners.clear();
  }

  private async runExclusive(): Promise<void> {
    try {
      await (this.o.exclusive ?? ((drain) => drain()))(() => this.drain());
    } catch {
      // The store itself failed (disk full, database closed): nothing was lost, so try again
      // shortly rather than stop syncing for good.
      this.waitUntil(this.o.clock() + WRITE_QUEUE_RETRY_MS, 'status');
    }
  }

  /** One pass over the queue; an edit queued meanwhile is picked up by the same pass. */
  private async drain(): Promise<void> {
    const pass = new DrainPass({
      store: this.o.store,
      api: this.o.api,
      clock: this.o.clock,
      mutex: this.o.mutex,
      reserved: this.reserved,
      stats: this.counters,
      maySend: () => this.maySend(),
      takeQueued: () => {
        const queued = this.again;
        this.again = false;
        return queued;
      },
      disposed: () => this.disposed,
      waitUntil: (at, reason) => this.waitUntil(at, reason),
      holdForSignIn: () => this.holdForSignIn(),
    });
    this.pass = pass;
    try {
      await pass.run();
    } finally {
      if (this.pass === pass) this.pass = undefined;
    }
  }

  /** Online, signed in, no retry due later (a due one is cleared), not disposed. */
  private maySend(): boolean {
    if (this.disposed || this.signedOut || !this.o.connectivity.browserOnline) return false;
    if (this.retryAt === undefined) return true;
    const wait = this.retryAt - this.o.clock();
    if (wait > 0) {
      this.schedule(wait);
      return false;
    }
    this.clearRetry();
    return true;
  }

  private waitUntil(at: number, reason: 'network' | 'status'): void {
    if (this.disposed) return;
    this.retryAt = at;
    this.retryReason = reason;
    this.schedule(Math.max(0, at - this.o.clock()));
    this.notify();
  }

  private clearRetry(): void {
    if (this.retryAt === undefined) return;
    this.retryAt = undefined;
    this.retryReason = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.notify();
  }

  private schedule(delayMs: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.kick();
    }, delayMs);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
