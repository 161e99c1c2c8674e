import type { Resource } from '@caseload/core';
import type { ApiClient } from '../../api/index.ts';
import { WRITE_QUEUE_RETRY_MS } from '../constants.ts';
import { reportLater } from '../reads/report-later.ts';
import type { LocalStore, PendingRef } from '../store/local-store.ts';
import type { PendingWrite } from '../store/records.ts';
import type { Mutex } from './mutex.ts';
import { itemKey, QueueHeads } from './queue-heads.ts';
import { elapsedClock, type QueueStats } from './queue-stats.ts';
import { classifyFailure, type FailureOutcome } from './retry-policy.ts';
import { fetchServerCopy, sendPending } from './send-write.ts';
import { readServerCopy, settleAnswer, settleRefused } from './settle-write.ts';

/**
 * How many writes may be on the wire at once (never two of the same item). The server answers a
 * write in a few milliseconds of a round trip several times longer, so a handful in flight divides
 * a long drain's time by about as much (docs/performance.md, "Offline queue drain").
 */
export const WRITES_IN_FLIGHT = 5;

/**
 * How many writes are read and reserved ahead of a free place on the wire, so an answer's place is
 * filled at once instead of after the store step that follows it (docs/performance.md).
 */
export const WRITES_READY = WRITES_IN_FLIGHT;

/** What a pass needs from the queue that runs it (write-queue.ts). */
export interface DrainContext {
  store: LocalStore;
  api: ApiClient;
  clock: () => number;
  mutex: Mutex;
  /** Writes picked, on the wire, or answered and not yet stored: an edit can no longer cancel them. */
  reserved: Set<number>;
  stats: QueueStats;
  /** True while new writes may leave: online, signed in, no retry due later, not disposed. */
  maySend(): boolean;
  /** True once after each edit queued since the last call: the queue must be read again. */
  takeQueued(): boolean;
  disposed(): boolean;
  /** Holds every write until `at` (a retryable failure, or the store failing). */
  waitUntil(at: number, reason: 'network' | 'status'): void;
  /** The session ended (401). */
  holdForSignIn(): void;
}

/** Errors of the device's storage itself (not of this code): the queue waits and tries again. */
const STORAGE_FAILURES = new Set(['QuotaExceededError', 'DatabaseClosedError', 'AbortError', 'UnknownError', 'InvalidStateError']);

/** A successful answer waiting to be stored. */
interface Answer {
  record: PendingWrite;
  theirs: Resource | undefined;
}

const refOf = (record: PendingWrite): PendingRef => ({
  seq: record.seq,
  table: record.kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts',
  collection: record.collection,
  id: record.id,
});

/**
 * One drain of the write queue (SPEC.md section 4): keeps up to {@link WRITES_IN_FLIGHT} writes on
 * the wire, each the oldest queued write of an item with nothing on the wire, so an item whose
 * write is out never holds up the next item's (no head-of-line blocking), while each item's writes
 * still leave one after another, in order.
 *
 * The browser's own work is done in steps: each step is one store transaction (one IndexedDB
 * transaction) that stores every answer that came back since the last step (dropping the write,
 * rebasing the item's later writes, refreshing the item) and reserves the next writes to send,
 * up to {@link WRITES_READY} ahead of the wire: an answer's place on the wire is refilled as soon
 * as it arrives, while the step that stores it runs. The queue itself is read once per pass, keys
 * only ({@link QueueHeads}); after that an item's next write is the one its answer's step found,
 * and the records picked are read by their keys.
 * Failures are handled per write, as before: a refusal drops the write (settle-write.ts), a
 * retryable failure holds new sends until its retry is due, a 401 holds everything.
 */
export class DrainPass {
  private readonly heads = new QueueHeads();
  /** The heads must be read from the queue again before the next pick. */
  private stale = true;
  /** Items with a write reserved, on the wire or being stored. */
  private readonly busy = new Set<string>();
  private readonly onWire = new Map<number, Promise<void>>();
  /** Reserved and read, waiting for a place on the wire; oldest first. */
  private ready: PendingWrite[] = [];
  private answers: Answer[] = [];
  /** The pass is ending: nothing more leaves. */
  private closing = false;
  /** The store failed this pass: store nothing more, pick nothing more. */
  private broken = false;
  private poked: (() => void) | undefined;

  constructor(private readonly ctx: DrainContext) {}

  /** An edit was queued: a pass waiting for answers looks at the queue again at once. */
  poke(): void {
    this.poked?.();
  }

  /**
   * Takes a write that was picked to go next but has not left back out of the pick, because an
   * edit is about to cancel it (a later upsert cancels a queued delete; deleting a never-sent item
   * drops its create). False when it is not waiting here: on the wire, or never picked.
   */
  withdraw(seq: number): boolean {
    const at = this.ready.findIndex((r) => r.seq === seq);
    if (at < 0) return false;
    const [record] = this.ready.splice(at, 1);
    this.ctx.reserved.delete(seq);
    this.busy.delete(itemKey(record!));
    // The item's next write is whatever the queue holds after the edit.
    this.stale = true;
    return true;
  }

  async run(): Promise<void> {
    const { ctx } = this;
    ctx.stats.passes++;
    try {
      while (!ctx.disposed()) {
        if (ctx.takeQueued()) this.stale = true;
        this.launch();
        const sending = !this.broken && ctx.maySend();
        const free = sending ? WRITES_IN_FLIGHT + WRITES_READY - this.onWire.size - this.ready.length : 0;
        const toStore = !this.broken && this.answers.length > 0;
        if (toStore || (free > 0 && (this.stale || this.heads.size > 0))) {
          await this.step(free);
          continue;
        }
        if (this.onWire.size === 0) break;
        await this.nextEvent();
      }
    } finally {
      this.closing = true;
      // Flights never reject (their failures are handled inside); what they answered is stored.
      while (this.onWire.size > 0) await Promise.all(this.onWire.values());
      if (this.answers.length > 0 && !this.broken && !ctx.disposed()) await this.step(0);
      // Writes picked but not stored (offline now, signed out) are free to be cancelled again.
      ctx.reserved.clear();
    }
  }

  /** Until a write on the wire is answered, or an edit is queued. */
  private nextEvent(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.poked = resolve;
      void Promise.race(this.onWire.values()).then(resolve);
    }).finally(() => (this.poked = undefined));
  }

  /** Stores the answers so far and sends up to `free` more writes, in one store transaction. */
  private async step(free: number): Promise<void> {
    const { ctx } = this;
    const batch = this.broken ? [] : this.answers.splice(0);
    let picked: PendingWrite[];
    try {
      picked = await ctx.mutex.run(async () => {
        const started = elapsedClock();
        try {
          return await ctx.store.transaction(() => this.bookkeep(batch, free));
        } finally {
          ctx.stats.stepMs += elapsedClock() - started;
        }
      });
    } catch (error) {
      // The store failed (disk full, database closed): nothing is lost, since what was answered
      // is still queued and goes again under its idempotency key; try again shortly. Any other
      // error is a bug, and shown as one.
      if (!STORAGE_FAILURES.has((error as Error | undefined)?.name ?? '')) reportLater(error);
      this.broken = true;
      ctx.waitUntil(ctx.clock() + WRITE_QUEUE_RETRY_MS, 'status');
      return;
    }
    ctx.stats.steps++;
    ctx.stats.settled += batch.length;
    if (!ctx.maySend()) {
      // Held while the step ran (a 401 or a retry arrived): the picked writes go back.
      for (const record of picked) this.release(record);
      return;
    }
    this.ready = [...this.ready, ...picked].sort((a, b) => a.seq - b.seq);
    this.launch();
  }

  /** Fills the free places on the wire from the writes ready, oldest first, while sending may go on. */
  private launch(): void {
    while (!this.closing && this.ready.length > 0 && this.onWire.size < WRITES_IN_FLIGHT && this.ctx.maySend())
      this.fly(this.ready.shift()!);
  }

  /** The step's transaction: store the answers, then read (and reserve) the next writes. */
  private async bookkeep(batch: Answer[], free: number): Promise<PendingWrite[]> {
    const { ctx } = this;
    const now = ctx.clock();
    // Each answer is of another item (never two of one item on the wire): stored side by side.
    const rests = await Promise.all(batch.map(({ record, theirs }) => settleAnswer(ctx.store, record, theirs, now)));
    /** Records read in this transaction: picking them needs no second read. */
    const fresh = new Map<number, PendingWrite>();
    batch.forEach(({ record }, i) => {
      ctx.reserved.delete(record.seq);
      this.busy.delete(itemKey(record));
      // The item's next write, already rebased on this answer.
      const next = rests[i]![0];
      if (!next) return;
      fresh.set(next.seq, next);
      if (!this.stale) this.heads.add(refOf(next));
    });
    if (free <= 0) return [];
    if (this.stale) {
      this.stale = false;
      this.heads.load(await ctx.store.pendingRefs(), this.busy);
      ctx.stats.queueReads++;
    }
    const refs = this.heads.take(free);
    const unread = refs.filter((ref) => !fresh.has(ref.seq));
    const read = unread.length > 0 ? await ctx.store.getPending(unread) : [];
    unread.forEach((ref, i) => {
      const record = read[i];
      if (record) fresh.set(ref.seq, record);
    });
    const picked: PendingWrite[] = [];
    for (const ref of refs) {
      const record = fresh.get(ref.seq);
      // Gone since the queue was read (a delete cancelled by a new edit): read the queue again.
      if (!record) this.stale = true;
      else picked.push(record);
    }
    for (const record of picked) {
      ctx.reserved.add(record.seq);
      this.busy.add(itemKey(record));
    }
    return picked;
  }

  private release(record: PendingWrite): void {
    this.ctx.reserved.delete(record.seq);
    this.busy.delete(itemKey(record));
    this.heads.add(refOf(record));
  }

  /** One write's trip: send it, then queue the answer for the next step or act on the failure. */
  private fly(record: PendingWrite): void {
    const { ctx } = this;
    const flight = (async () => {
      const answer = await this.sendOne(record);
      const outcome = answer.ok ? undefined : classifyFailure(answer.error, record.kind);
      if (!outcome || outcome.kind === 'done') {
        this.answers.push({ record, theirs: answer.ok ? answer.theirs : undefined });
        return;
      }
      ctx.reserved.delete(record.seq);
      try {
        await this.failed(record, outcome);
      } catch {
        ctx.waitUntil(ctx.clock() + WRITE_QUEUE_RETRY_MS, 'status');
      }
      this.busy.delete(itemKey(record));
      // A refusal dropped writes of this item (and kept the others): read the queue again.
      if (outcome.kind === 'refused') this.stale = true;
    })();
    this.onWire.set(
      record.seq,
      flight.finally(() => {
        this.onWire.delete(record.seq);
        // The place is free: the next write ready leaves now, not after this answer is stored.
        this.launch();
      }),
    );
    ctx.stats.sent++;
    ctx.stats.maxOnWire = Math.max(ctx.stats.maxOnWire, this.onWire.size);
  }

  private async sendOne(record: PendingWrite): Promise<{ ok: true; theirs: Resource | undefined } | { ok: false; error: unknown }> {
    const { ctx } = this;
    try {
      const remember = (uploaded: PendingWrite) => ctx.mutex.run(() => ctx.store.updatePending(uploaded));
      return { ok: true, theirs: await sendPending(ctx.api, record, remember) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** A write that did not succeed: wait and retry, hold for sign-in, or drop it as refused. */
  private async failed(record: PendingWrite, outcome: Exclude<FailureOutcome, { kind: 'done' }>): Promise<void> {
    const { ctx } = this;
    switch (outcome.kind) {
      case 'unauthorized':
        ctx.holdForSignIn();
        return;
      case 'retry': {
        const now = ctx.clock();
        await ctx.mutex.run(() => ctx.store.updatePending({ ...record, attempts: record.attempts + 1, lastAttempt: now }));
        ctx.waitUntil(now + outcome.delayMs, outcome.reason);
        return;
      }
      case 'refused': {
        const at = ctx.clock();
        const copy = await readServerCopy(() => fetchServerCopy(ctx.api, record));
        await ctx.mutex.run(() =>
          settleRefused(ctx.store, record, { status: outcome.status, detail: outcome.detail, issues: outcome.issues, at }, copy),
        );
        return;
      }
    }
  }
}
