import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../store/memory-store.ts';
import type { StoreChange } from '../store/records.ts';
import { note, settle, testLayer } from '../test-support/test-layer.ts';
import type { SyncState } from './sync-state.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/**
 * The memory store with IndexedDB's timing (DexieStore): the changes made inside a transaction
 * are told together once it has committed, not one by one as they are made.
 */
class CommitTimedStore extends MemoryStore {
  private open = 0;
  private held: [(change: StoreChange) => void, StoreChange][] = [];

  override subscribe(listener: (change: StoreChange) => void) {
    return super.subscribe((change) => (this.open > 0 ? this.held.push([listener, change]) : listener(change)));
  }

  override async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.open++;
    try {
      return await work();
    } finally {
      if (--this.open === 0) for (const [listener, change] of this.held.splice(0)) listener(change);
    }
  }
}

/** Every state the indicator was shown, in order. */
function recordStates(value: { get(): SyncState; subscribe(listener: () => void): () => void }): SyncState[] {
  const seen: SyncState[] = [];
  value.subscribe(() => seen.push(value.get()));
  return seen;
}

/** What "all saved" is said from: a known state (`known` false means not read yet) with nothing waiting or refused. */
const claimsAllSaved = (s: SyncState) => s.known !== false && s.pendingCount === 0 && s.failed.length === 0;

describe('sync state', () => {
  for (const [name, makeStore] of [
    ['memory store', () => new MemoryStore()],
    ['store telling changes at commit (IndexedDB)', () => new CommitTimedStore()],
  ] as const) {
    it(`never shows "all saved" between a refusal and its failed record (${name})`, async () => {
      const { layer, server } = testLayer({ store: makeStore() });
      await layer.ready;
      await settle();
      server.intercept = (r) => (r.method === 'PUT' ? { status: 422 } : undefined);
      const seen = recordStates(layer.syncState);
      await layer.upsert('Notes', note({ text: 'refused' }));
      await layer.flush();
      await settle();
      const queuedAt = seen.findIndex((s) => s.pendingCount === 1);
      expect(queuedAt).toBeGreaterThanOrEqual(0);
      expect(seen.slice(queuedAt).filter(claimsAllSaved)).toEqual([]);
      expect(layer.syncState.get()).toMatchObject({ pendingCount: 0, failed: [{ status: 422, item: { text: 'refused' } }] });
    });
  }

  for (const online of [true, false]) {
    it(
      'after a reload with queued edits, never says "all saved" ' + `before the queue was read (${online ? 'online' : 'offline'})`,
      async () => {
        const before = testLayer({ store: new CommitTimedStore() });
        before.network.online = false;
        for (let i = 0; i < 3; i++) await before.layer.upsert('Notes', note({ text: `queued ${i}` }));
        await settle();
        before.layer.dispose();

        // The reload: a new layer on the same store, the server still out of reach (so the queue stays).
        before.network.online = online;
        before.server.intercept = () => ({ status: 503 });
        const { layer } = testLayer({ store: before.store, server: before.server, network: before.network });
        const first = layer.syncState.get();
        const seen = [first, ...recordStates(layer.syncState)];
        expect(first.known).toBe(false);
        await layer.ready;
        await settle();
        expect(seen.filter(claimsAllSaved)).toEqual([]);
        expect(layer.syncState.get()).toMatchObject({ known: true, pendingCount: 3, failed: [] });
        layer.dispose();
      },
    );
  }

  it('follows a draining queue to zero and says so once every write succeeded', async () => {
    const { layer, network } = testLayer({ store: new CommitTimedStore() });
    await layer.ready;
    network.online = false;
    for (let i = 0; i < 5; i++) await layer.upsert('Notes', note({ text: `edit ${i}` }));
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(5);
    network.goOnline();
    await layer.flush();
    await settle();
    expect(layer.syncState.get()).toMatchObject({ pendingCount: 0, failed: [] });
  });
});
