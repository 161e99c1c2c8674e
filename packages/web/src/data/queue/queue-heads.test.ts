import { describe, expect, it } from 'vitest';
import type { PendingRef } from '../store/local-store.ts';
import { itemKey, QueueHeads } from './queue-heads.ts';

const ref = (seq: number, id: string, table: PendingRef['table'] = 'pendingUpserts'): PendingRef => ({
  seq,
  table,
  collection: 'Notes',
  id,
});

describe('QueueHeads', () => {
  it("keeps each item's first write, oldest first, leaving out items that are busy", () => {
    const heads = new QueueHeads();
    heads.load(
      [ref(1, 'a'), ref(2, 'b'), ref(3, 'a'), ref(4, 'c'), ref(5, 'b', 'pendingDeletes'), ref(6, 'd')],
      new Set([itemKey(ref(0, 'c'))]),
    );
    expect(heads.size).toBe(3);
    expect(heads.take(2).map((r) => r.seq)).toEqual([1, 2]);
    expect(heads.take(5).map((r) => r.seq)).toEqual([6]);
    expect(heads.take(1)).toEqual([]);
  });

  it('puts an added head in seq order, so older items still go first', () => {
    const heads = new QueueHeads();
    heads.load([ref(2, 'b'), ref(7, 'c'), ref(9, 'd')], new Set());
    heads.add(ref(8, 'a'));
    heads.add(ref(1, 'e'));
    expect(heads.take(10).map((r) => r.id)).toEqual(['e', 'b', 'c', 'a', 'd']);
  });
});
