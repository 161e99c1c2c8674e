import { FAILED_UPSERT_EVICTION_MINUTES } from '../constants.ts';
import { coalesced, LiveValue } from '../reads/live-value.ts';
import { reportLater } from '../reads/report-later.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { FailedUpsert } from '../store/records.ts';
import type { Connectivity } from './connectivity.ts';
import type { QueueHold, WriteQueue } from './write-queue.ts';

const EVICTION_MS = FAILED_UPSERT_EVICTION_MINUTES * 60_000;

/** What the sync indicator shows (SPEC.md section 4: a visible sync state). */
export interface SyncState {
  /**
   * False until the first read of the queue and the failed records has landed: until then the
   * counts below are placeholders (0 and none), not news, and must never be shown as "all saved"
   * (after a reload with queued edits they would be wrong for a moment).
   */
  known: boolean;
  online: boolean;
  /** Writes waiting to be sent. */
  pendingCount: number;
  /** Writes the server refused, newest first; each keeps the whole item the user wrote. */
  failed: FailedUpsert[];
  /** Why nothing is being sent right now, if so. */
  hold?: QueueHold;
  /** When the next retry is due, while `hold` is `waiting`. */
  retryAt?: number;
}

/**
 * Keeps the sync state current from the store (queue and failed records), the connectivity and
 * the queue, and evicts failed records FAILED_UPSERT_EVICTION_MINUTES (1440) after their last
 * attempt, with a timer set for the next one due.
 */
export class SyncStateTracker {
  readonly live: LiveValue<SyncState>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly stops: (() => void)[] = [];
  private readonly reread: () => Promise<void>;
  private disposed = false;
  /** A read is under way: deltas seen meanwhile are in it or not, so read again instead. */
  private reading = false;

  constructor(
    private readonly store: LocalStore,
    private readonly connectivity: Connectivity,
    private readonly queue: WriteQueue,
    private readonly clock: () => number,
  ) {
    this.live = new LiveValue<SyncState>({ known: false, online: connectivity.online, pendingCount: 0, failed: [] }, () => () => undefined);
    this.reread = coalesced(() => this.read());
    this.stops.push(
      store.subscribe((change) => {
        if (change.table === 'pendingUpserts' || change.table === 'pendingDeletes') this.pendingChanged(change.delta);
        if (change.table === 'failedUpserts') this.reread().catch(this.failed);
      }),
      connectivity.subscribe(() => this.update({})),
      queue.subscribe(() => this.update({})),
    );
  }

  /** Reads the counts now (at start, and after the store was emptied). */
  refresh(): Promise<void> {
    return this.reread();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    for (const stop of this.stops) stop();
  }

  private readonly failed = (error: unknown) => {
    // After dispose the store is closed: a read still under way has nothing left to tell.
    if (!this.disposed) reportLater(error);
  };

  /**
   * Follows the count by the changes' deltas while they are known (a draining queue costs no count
   * query per write) and reads again when one is not, when the sum stops making sense, or when it
   * reaches zero: "everything is saved" is only ever said from a read of the queue and the failed
   * records together, since a write leaving the queue may be a refusal whose failed record is
   * told just after it (or not yet read). Before the first read there is no count to follow.
   */
  private pendingChanged(delta: number | undefined): void {
    if (delta === 0) return;
    const current = this.live.get();
    const pendingCount = current.pendingCount + (delta ?? Number.NaN);
    if (this.reading || !current.known || !(pendingCount > 0)) {
      this.reread().catch(this.failed);
      return;
    }
    this.update({ pendingCount });
  }

  /**
   * Reads the pending count and then the failed records, and shows both in one update: one read
   * of the queue's state, consistent where it matters. A refusal keeps its failed record and drops
   * its write in one store transaction, the record written first (settle-write.ts), so a count
   * that no longer includes the refused write was read after that transaction, and the failed
   * records, read after the count, include its record. The other way round (a record seen, the
   * count from before) shows one write too many waiting, never "everything is saved". Two reads
   * in this order, not a read-write transaction over every table, so the sync state never holds
   * up the drain's steps.
   */
  private async read(): Promise<void> {
    if (this.disposed) return;
    this.reading = true;
    let pendingCount: number;
    let all: FailedUpsert[];
    try {
      pendingCount = await this.store.countPending();
      all = await this.store.listFailed();
    } finally {
      this.reading = false;
    }
    const now = this.clock();
    const expired = all.filter((f) => f.lastAttempt + EVICTION_MS <= now);
    const failed = all.filter((f) => f.lastAttempt + EVICTION_MS > now);
    if (this.disposed) return;
    this.scheduleEviction(failed, now);
    this.update({ known: true, pendingCount, failed });
    // Told as a change of the failed records, which reads again: after the update, not before.
    if (expired.length > 0) await this.store.removeFailed(expired.map((f) => f.hash));
  }

  private scheduleEviction(failed: FailedUpsert[], now: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (failed.length === 0) return;
    const next = Math.min(...failed.map((f) => f.lastAttempt + EVICTION_MS));
    this.timer = setTimeout(() => this.reread().catch(this.failed), Math.max(0, next - now));
  }

  private update(fields: Partial<SyncState>): void {
    const current = this.live.get();
    const { hold, retryAt } = this.queue.status();
    this.live.set({ ...current, ...fields, online: this.connectivity.online, hold, retryAt });
  }
}
