import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.ts';
import type { StoreChange } from './records.ts';

const item = (collection: string, id: string, text = 'a') => ({
  collection,
  id,
  practiceId: 'acme',
  item: { id, resourceType: 'Note', meta: { versionId: 'v1', lastModified: 'x' }, text } as Resource,
  dirty: false,
});
const write = (collection: string, id: string) => ({
  collection,
  id,
  practiceId: 'acme',
  item: item(collection, id).item,
  idempotencyKey: `key-${id}`,
  createdAt: 0,
  attempts: 0,
});

describe('MemoryStore (the LocalStore contract)', () => {
  it('hands out copies, as IndexedDB does', async () => {
    const store = new MemoryStore();
    const record = item('Notes', 'n1');
    await store.putItems([record]);
    record.item.text = 'changed after put';
    const read = (await store.getItem('Notes', 'n1'))!;
    expect(read.item.text).toBe('a');
    read.item.text = 'changed after get';
    expect((await store.getItem('Notes', 'n1'))!.item.text).toBe('a');
  });

  it('orders upserts and deletes together by creation', async () => {
    const store = new MemoryStore();
    const a = await store.addPendingUpsert({ kind: 'upsert', ...write('Notes', 'a') });
    const b = await store.addPendingDelete({ kind: 'delete', ...write('Notes', 'b') });
    const c = await store.addPendingUpsert({ kind: 'upsert', ...write('Media', 'a') });
    expect([a.seq < b.seq, b.seq < c.seq]).toEqual([true, true]);
    expect((await store.listPending()).map((p) => p.kind + p.id)).toEqual(['upserta', 'deleteb', 'upserta']);
    expect((await store.pendingFor('Notes', 'a')).map((p) => p.seq)).toEqual([a.seq]);
    expect((await store.pendingInCollection('Notes')).map((p) => p.seq)).toEqual([a.seq, b.seq]);
    await store.removePending(a);
    expect((await store.listPending())[0]?.seq).toBe(b.seq);
    expect(await store.countPending()).toBe(2);
  });

  it("answers the queue's places without items, and reads records by place", async () => {
    const store = new MemoryStore();
    const a = await store.addPendingUpsert({ kind: 'upsert', ...write('Notes', 'a') });
    const b = await store.addPendingDelete({ kind: 'delete', ...write('Notes', 'b') });
    expect(await store.pendingRefs()).toEqual([
      { seq: a.seq, table: 'pendingUpserts', collection: 'Notes', id: 'a' },
      { seq: b.seq, table: 'pendingDeletes', collection: 'Notes', id: 'b' },
    ]);
    // A place in the other table, or one removed, reads as undefined.
    await store.removePending(a);
    const read = await store.getPending([
      { seq: b.seq, table: 'pendingDeletes' },
      { seq: a.seq, table: 'pendingUpserts' },
      { seq: b.seq, table: 'pendingUpserts' },
    ]);
    expect(read.map((r) => r?.id)).toEqual(['b', undefined, undefined]);
    await store.replacePending([{ ...b, attempts: 2 }]);
    expect((await store.listPending())[0]).toMatchObject({ seq: b.seq, attempts: 2 });
  });

  it('updates a queued record in place, and never brings back a removed one', async () => {
    const store = new MemoryStore();
    const a = await store.addPendingUpsert({ kind: 'upsert', ...write('Notes', 'a') });
    await store.updatePending({ ...a, attempts: 3 });
    expect((await store.listPending())[0]?.attempts).toBe(3);
    await store.removePending(a);
    await store.updatePending({ ...a, attempts: 4 });
    expect(await store.countPending()).toBe(0);
  });

  it('clears the cache of some collections, or all, never the queue', async () => {
    const store = new MemoryStore();
    await store.putItems([item('Notes', 'n1'), item('Practitioners', 'p1')]);
    await store.putView({ key: 'k', collection: 'Notes', ids: ['n1'], fetchedAt: 0 });
    await store.addPendingUpsert({ kind: 'upsert', ...write('Notes', 'n1') });
    const changes: StoreChange[] = [];
    store.subscribe((c) => changes.push(c));
    await store.clearCache(['Notes']);
    expect(await store.listItems('Notes')).toEqual([]);
    expect(await store.getView('k')).toBeUndefined();
    expect(await store.listItems('Practitioners')).toHaveLength(1);
    expect(await store.countPending()).toBe(1);
    expect(changes).toContainEqual({ table: 'items', collection: 'Notes', cleared: true });
    await store.clearCache();
    expect(await store.listItems('Practitioners')).toEqual([]);
    await store.clearAll();
    expect(await store.countPending()).toBe(0);
  });

  it('tells subscribers which table and collection changed', async () => {
    const store = new MemoryStore();
    const changes: StoreChange[] = [];
    const stop = store.subscribe((c) => changes.push(c));
    await store.putItems([item('Notes', 'n1'), item('Media', 'm1')]);
    await store.putFailed({
      hash: 'h',
      collection: 'Notes',
      id: 'n1',
      operation: 'upsert',
      item: item('Notes', 'n1').item,
      lastAttempt: 1,
      status: 409,
    });
    stop();
    await store.removeFailed(['h']);
    expect(changes).toEqual([{ table: 'items', collection: 'Notes' }, { table: 'items', collection: 'Media' }, { table: 'failedUpserts' }]);
  });
});
