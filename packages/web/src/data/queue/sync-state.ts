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
  private readonly recount: () => Promise<void>;
  private disposed = false;
  /** A count query is under way: deltas seen meanwhile are in it or not, so count again instead. */
  private counting = false;

  constructor(
    private readonly store: LocalStore,
    private readonly connectivity: Connectivity,
    private readonly queue: WriteQueue,
    private readonly clock: () => number,
  ) {
    this.live = new LiveValue<SyncState>({ online: connectivity.online, pendingCount: 0, failed: [] }, () => () => undefined);
    this.reread = coalesced(() => this.read());
    this.recount = coalesced(() => this.count());
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
   * query per write) and counts again when one is not, or when the sum stops making sense.
   */
  private pendingChanged(delta: number | undefined): void {
    if (delta === 0) return;
    const pendingCount = this.live.get().pendingCount + (delta ?? Number.NaN);
    if (this.counting || !(pendingCount >= 0)) {
      this.recount().catch(this.failed);
      return;
    }
    this.update({ pendingCount });
  }

  private async count(): Promise<void> {
    if (this.disposed) return;
    this.counting = true;
    try {
      const pendingCount = await this.store.countPending();
      if (!this.disposed) this.update({ pendingCount });
    } finally {
      this.counting = false;
    }
  }

  private async read(): Promise<void> {
    if (this.disposed) return;
    const now = this.clock();
    const [all] = await Promise.all([this.store.listFailed(), this.recount()]);
    const expired = all.filter((f) => f.lastAttempt + EVICTION_MS <= now);
    const failed = all.filter((f) => f.lastAttempt + EVICTION_MS > now);
    if (expired.length > 0) await this.store.removeFailed(expired.map((f) => f.hash));
    this.scheduleEviction(failed, now);
    if (!this.disposed) this.update({ failed });
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
