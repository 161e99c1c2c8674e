import type { Resource } from '@caseload/core';
import type { ApiClient } from '../../api/index.ts';
import { WRITE_QUEUE_RETRY_MS } from '../constants.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite } from '../store/records.ts';
import type { Connectivity } from './connectivity.ts';
import type { Mutex } from './mutex.ts';
import { classifyFailure, type FailureOutcome } from './retry-policy.ts';
import { fetchServerCopy, sendDelete, sendUpload, sendUpsert } from './send-write.ts';
import { readServerCopy, settleRefused, settleSuccess } from './settle-write.ts';

/** How many queued writes are picked at a time (see WriteQueue.drain). */
const LOOKAHEAD = 8;

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
 * The write queue of SPEC.md section 4. Writes leave strictly one at a time in creation order
 * (so in order per item, and overall): each is sent only once the one before it was answered. A
 * retryable failure keeps the head in place until its retry is due; a refusal drops it (see
 * settle-write.ts) and the queue moves on; a 401 holds everything until {@link resume}. Nothing
 * is sent while the browser is offline; coming back online sends everything at once.
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
   * Sends the queue in order. Writes are picked (reserved) a few at a time; each is sent only
   * after the previous one was answered, so the server sees them strictly in order, but the
   * bookkeeping of an answer (settle-write.ts) runs while the next write is on the wire. A write
   * of an item sent earlier in the same pick waits for that answer's bookkeeping and is read
   * again, since the answer rebases it.
   */
  private async drain(): Promise<void> {
    let ahead: PendingWrite[] = [];
    let sentItems = new Set<string>();
    let settling: Promise<void> = Promise.resolve();
    try {
      while (!this.disposed && !this.signedOut && this.o.connectivity.browserOnline) {
        if (this.retryAt !== undefined) {
          const wait = this.retryAt - this.o.clock();
          if (wait > 0) return this.schedule(wait);
          this.clearRetry();
        }
        let record = ahead[0];
        if (!record || sentItems.has(itemKey(record))) {
          await settling;
          this.release(ahead);
          ahead = await this.o.mutex.run(async () => this.reserve(await this.o.store.nextPending(LOOKAHEAD)));
          sentItems = new Set();
          record = ahead[0];
          if (!record) return;
        }
        ahead.shift();
        sentItems.add(itemKey(record));
        const answer = await this.sendOne(record);
        const outcome = answer.ok ? undefined : classifyFailure(answer.error, record.kind);
        if (outcome && outcome.kind !== 'done') {
          await settling;
          this.release([record, ...ahead]);
          ahead = [];
          await this.failed(record, outcome);
          continue;
        }
        const sent = record;
        const settled = this.o.mutex.run(async () => {
          await settleSuccess(this.o.store, sent, answer.ok ? answer.theirs : undefined);
          this.reserved.delete(sent.seq);
        });
        settling = Promise.all([settling, settled]).then(() => undefined);
        // Awaited later (before the next pick, and at the end); marked handled meanwhile.
        settling.catch(() => undefined);
      }
    } finally {
      try {
        await settling;
      } finally {
        // Writes picked but not sent (offline now, signed out) are free to be cancelled again.
        this.reserved.clear();
      }
    }
  }

  /**
   * Marks picked writes as in flight. Done inside the mutex that also guards local edits, so an
   * edit can no longer cancel (or build on) a write once it has been picked.
   */
  private reserve(records: PendingWrite[]): PendingWrite[] {
    for (const r of records) this.reserved.add(r.seq);
    return records;
  }

  private release(records: PendingWrite[]): void {
    for (const r of records) this.reserved.delete(r.seq);
  }

  private async sendOne(record: PendingWrite): Promise<{ ok: true; theirs: Resource | undefined } | { ok: false; error: unknown }> {
    try {
      return { ok: true, theirs: await this.send(record) };
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

  /** Sends one write; answers the server's copy after an upsert or upload. */
  private async send(record: PendingWrite): Promise<Resource | undefined> {
    switch (record.kind) {
      case 'delete':
        await sendDelete(this.o.api, record);
        return undefined;
      case 'upsert':
        return sendUpsert(this.o.api, record);
      case 'upload':
        if (!record.uploaded) {
          await sendUpload(this.o.api, record);
          // Remembered, so a failed re-fetch retries only the re-fetch, not the upload.
          record.uploaded = true;
          await this.o.mutex.run(() => this.o.store.updatePending(record));
        }
        // SPEC.md section 4: after an upload the resource is read again (its content and version changed).
        return fetchServerCopy(this.o.api, record);
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
