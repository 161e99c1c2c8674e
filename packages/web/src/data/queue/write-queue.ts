import type { Resource } from '@caseload/core';
import type { ApiClient } from '../../api/index.ts';
import { WRITE_QUEUE_RETRY_MS } from '../constants.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite } from '../store/records.ts';
import type { Connectivity } from './connectivity.ts';
import type { Mutex } from './mutex.ts';
import { classifyFailure, type FailureOutcome } from './retry-policy.ts';
import { fetchServerCopy, sendPending } from './send-write.ts';
import { readServerCopy, settleRefused, settleSuccess } from './settle-write.ts';

/**
 * How many writes may be on the wire at once (never two of the same item). The server answers a
 * write in a few milliseconds of a round trip several times longer, so a handful in flight divides
 * a long drain's time by about as much (docs/performance.md, "Offline queue drain").
 */
export const WRITES_IN_FLIGHT = 5;

/** How many queued writes are read (and reserved) at a time to find the next ones to send. */
export const LOOKAHEAD = 64;

const itemKey = (record: PendingWrite) => `${record.collection}\u0000${record.id}`;

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
 * The write queue of SPEC.md section 4. Up to {@link WRITES_IN_FLIGHT} writes are on the wire at
 * once, never two of the same item: an item's next write leaves only once the one before it was
 * answered and its answer stored (which rebases the next one on the server's version), so each
 * item's writes reach the server in the order they were made, and a retry under its idempotency
 * key can never overtake a later write of the same item. Across items, writes leave in the order
 * made but may be answered in any order. A retryable failure stops new sends until its retry is
 * due; a refusal drops that write (see settle-write.ts) and the queue moves on; a 401 holds
 * everything until {@link resume}. Nothing is sent while the browser is offline; coming back online
 * sends everything.
 */
export class WriteQueue {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryAt: number | undefined;
  private retryReason: 'network' | 'status' | undefined;
  private signedOut = false;
  private disposed = false;
  /** Writes picked to be sent next or on the wire. */
  private readonly reserved = new Set<number>();
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

  /** True while `record` is picked to be sent or on the wire: it can no longer be cancelled. */
  isInFlight(record: Pick<PendingWrite, 'seq'>): boolean {
    return this.reserved.has(record.seq);
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

  /**
   * Sends the queue: keeps up to WRITES_IN_FLIGHT writes on the wire, each the first queued write
   * of an item with nothing on the wire. Candidates are read LOOKAHEAD at a time (and reserved, so
   * an edit can no longer cancel them), keeping only each item's first write; an item's later
   * writes are read again after its earlier one is stored, since that answer rebases them.
   */
  private async drain(): Promise<void> {
    const flights = new Map<number, Promise<void>>();
    /** Items with a write on the wire or its answer being stored. */
    const busy = new Set<string>();
    let ahead: PendingWrite[] = [];
    let stop = false;
    const canSend = () => !stop && !this.disposed && !this.signedOut && this.o.connectivity.browserOnline;
    const fly = (record: PendingWrite) => {
      const key = itemKey(record);
      busy.add(key);
      const flight = this.flight(record).then(
        (outcome) => {
          // A retryable failure holds the queue until its retry (waitUntil); a 401 holds it for sign-in.
          if (outcome === 'hold') stop = true;
        },
        () => {
          stop = true;
          this.waitUntil(this.o.clock() + WRITE_QUEUE_RETRY_MS, 'status');
        },
      );
      flights.set(
        record.seq,
        flight.finally(() => {
          flights.delete(record.seq);
          busy.delete(key);
        }),
      );
    };
    try {
      while (canSend()) {
        if (this.retryAt !== undefined) {
          const wait = this.retryAt - this.o.clock();
          if (wait > 0) {
            this.schedule(wait);
            break;
          }
          this.clearRetry();
        }
        if (ahead.length === 0 && flights.size < WRITES_IN_FLIGHT) ahead = await this.pick(busy);
        while (ahead.length > 0 && flights.size < WRITES_IN_FLIGHT) fly(ahead.shift()!);
        if (flights.size === 0) return;
        await Promise.race(flights.values());
      }
    } finally {
      try {
        await Promise.all(flights.values());
      } finally {
        // Writes picked but not sent (offline now, signed out) are free to be cancelled again.
        this.reserved.clear();
      }
    }
  }

  /**
   * The next writes that may leave: the first queued write of each item that has none on the
   * wire, in queue order, reserved. Called only once the previous pick was all sent, so what is
   * reserved then is exactly what is on the wire.
   */
  private pick(busy: ReadonlySet<string>): Promise<PendingWrite[]> {
    return this.o.mutex.run(async () => {
      const seen = new Set<string>();
      const picked: PendingWrite[] = [];
      for (const record of await this.o.store.nextPending(LOOKAHEAD)) {
        const key = itemKey(record);
        if (seen.has(key)) continue;
        seen.add(key);
        if (!busy.has(key)) picked.push(record);
      }
      return this.reserve(picked);
    });
  }

  /**
   * One write's trip: send it, then store the answer (success) or act on the failure. Answers
   * `hold` when the queue must send nothing more for now (a retry is due later, or a 401).
   */
  private async flight(record: PendingWrite): Promise<'hold' | undefined> {
    const answer = await this.sendOne(record);
    const outcome = answer.ok ? undefined : classifyFailure(answer.error, record.kind);
    if (outcome && outcome.kind !== 'done') {
      this.reserved.delete(record.seq);
      await this.failed(record, outcome);
      return outcome.kind === 'refused' ? undefined : 'hold';
    }
    await this.o.mutex.run(async () => {
      await settleSuccess(this.o.store, record, answer.ok ? answer.theirs : undefined, this.o.clock());
      this.reserved.delete(record.seq);
    });
    return undefined;
  }

  /**
   * Marks picked writes as in flight. Done inside the mutex that also guards local edits, so an
   * edit can no longer cancel (or build on) a write once it has been picked.
   */
  private reserve(records: PendingWrite[]): PendingWrite[] {
    for (const r of records) this.reserved.add(r.seq);
    return records;
  }

  private async sendOne(record: PendingWrite): Promise<{ ok: true; theirs: Resource | undefined } | { ok: false; error: unknown }> {
    try {
      const remember = (uploaded: PendingWrite) => this.o.mutex.run(() => this.o.store.updatePending(uploaded));
      return { ok: true, theirs: await sendPending(this.o.api, record, remember) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** A write that did not succeed: wait and retry, hold for sign-in, or drop it as refused. */
  private async failed(record: PendingWrite, outcome: Exclude<FailureOutcome, { kind: 'done' }>): Promise<void> {
    switch (outcome.kind) {
      case 'unauthorized':
        this.holdForSignIn();
        return;
      case 'retry': {
        const now = this.o.clock();
        await this.o.mutex.run(() => this.o.store.updatePending({ ...record, attempts: record.attempts + 1, lastAttempt: now }));
        this.waitUntil(now + outcome.delayMs, outcome.reason);
        return;
      }
      case 'refused': {
        const at = this.o.clock();
        const copy = await readServerCopy(() => fetchServerCopy(this.o.api, record));
        await this.o.mutex.run(() => settleRefused(this.o.store, record, { status: outcome.status, detail: outcome.detail, at }, copy));
        return;
      }
    }
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
