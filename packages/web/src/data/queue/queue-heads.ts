import type { PendingRef } from '../store/local-store.ts';

/** One item of the queue: its collection and id. */
export const itemKey = (record: Pick<PendingRef, 'collection' | 'id'>) => `${record.collection}\u0000${record.id}`;

/**
 * The drain's view of what may leave next: the first queued write (the head) of every item that
 * has nothing reserved, on the wire or being stored, lowest seq first. Built from the queue's keys
 * once per drain pass ({@link load}); after that an item's head comes from the answer to its
 * previous write ({@link add}, with the item's remaining writes read in that same transaction), so
 * a long queue is not read again per write. Heads are places, not records: the drain reads the
 * records when it picks them, so a write cancelled meanwhile is never sent.
 */
export class QueueHeads {
  /** Sorted by seq; at most one per item. */
  private heads: PendingRef[] = [];

  get size(): number {
    return this.heads.length;
  }

  /** Replaces every head with the first write of each item in `refs` (in seq order) not `busy`. */
  load(refs: readonly PendingRef[], busy: ReadonlySet<string>): void {
    const seen = new Set<string>();
    this.heads = [];
    for (const ref of refs) {
      const key = itemKey(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!busy.has(key)) this.heads.push(ref);
    }
  }

  /** Adds the head of an item that has none here (its previous write was just stored). */
  add(ref: PendingRef): void {
    let low = 0;
    let high = this.heads.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.heads[mid]!.seq < ref.seq) low = mid + 1;
      else high = mid;
    }
    this.heads.splice(low, 0, ref);
  }

  /** Takes the `count` oldest heads out (the drain reserves them). */
  take(count: number): PendingRef[] {
    return this.heads.splice(0, Math.max(0, count));
  }
}
