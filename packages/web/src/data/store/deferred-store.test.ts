import type { Resource } from '@caseload/core';
import { describe, expect, it, vi } from 'vitest';
import { DeferredStore } from './deferred-store.ts';
import { MemoryStore } from './memory-store.ts';
import type { StoreChange } from './records.ts';

const item = (id: string) => ({
  collection: 'Notes',
  id,
  practiceId: 'acme',
  item: { id, resourceType: 'Note', meta: { versionId: 'v1', lastModified: 'x' } } as Resource,
  dirty: false,
});
const write = (id: string) => ({
  kind: 'upsert' as const,
  collection: 'Notes',
  id,
  practiceId: 'acme',
  item: item(id).item,
  idempotencyKey: `k-${id}`,
  createdAt: 0,
  attempts: 0,
});

/** A store whose code arrives when the test says so. */
function deferred() {
  const real = new MemoryStore();
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const store = new DeferredStore(false, async () => {
    await arrived;
    return real;
  });
  return { real, store, arrive };
}

describe('DeferredStore (the IndexedDB store loaded as a chunk of its own)', () => {
  it('holds calls made before the store is there and runs them in call order once it is', async () => {
    const { store, arrive } = deferred();
    const first = store.addPendingUpsert(write('a'));
    const second = store.addPendingUpsert(write('b'));
    const count = store.countPending();
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    arrive();
    expect((await first).seq).toBeLessThan((await second).seq);
    expect(await count).toBe(2);
  });

  it('tells subscribers made before the store arrived about its changes, until they unsubscribe', async () => {
    const { store, arrive } = deferred();
    const seen: StoreChange[] = [];
    const stop = store.subscribe((change) => seen.push(change));
    arrive();
    await store.ready;
    await store.putItems([item('n1')]);
    expect(seen).toContainEqual(expect.objectContaining({ table: 'items', collection: 'Notes' }));
    stop();
    const before = seen.length;
    await store.putItems([item('n2')]);
    expect(seen).toHaveLength(before);
  });

  it('calls the store in the same tick once it is there, so calls inside a transaction stay in its scope', async () => {
    const { real, store, arrive } = deferred();
    arrive();
    await store.ready;
    const spy = vi.spyOn(real, 'getItem');
    void store.getItem('Notes', 'n1');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('rejects every call when the code cannot be loaded, and closes a store that arrives after close', async () => {
    const failing = new DeferredStore(true, () => Promise.reject(new Error('chunk missing')));
    await expect(failing.listPending()).rejects.toThrow('chunk missing');
    const { real, store, arrive } = deferred();
    const close = vi.spyOn(real, 'close');
    store.close();
    arrive();
    await store.ready;
    expect(close).toHaveBeenCalled();
  });
});
