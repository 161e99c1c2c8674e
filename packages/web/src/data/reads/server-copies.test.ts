import type { Resource } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Mutex } from '../queue/mutex.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { note, settle, testLayer } from '../test-support/test-layer.ts';
import { forgetServerCopy, storeServerCopies } from './server-copies.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const version = (versionId: string, lastModified: string, text: string) =>
  ({ resourceType: 'Note', id: 'n1', partition: 'pat-1', text, meta: { versionId, lastModified } }) as unknown as Resource;

const v1 = version('v1', '2025-03-03T09:00:00.000Z', 'first');
const v2 = version('v2', '2025-03-03T09:00:05.000Z', 'second');
const v3 = version('v3', '2025-03-03T09:00:09.000Z', 'third');

function copies() {
  const store = new MemoryStore();
  return { store, ctx: { store, mutex: new Mutex() } };
}

describe('storeServerCopies: versions', () => {
  it('never replaces a stored copy with an older one', async () => {
    const { store, ctx } = copies();
    await storeServerCopies(ctx, 'Notes', 'acme', [v2]);
    await storeServerCopies(ctx, 'Notes', 'acme', [v1]);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: v2, saved: v2, dirty: false });
  });

  it('takes a newer copy, and the same version again', async () => {
    const { store, ctx } = copies();
    await storeServerCopies(ctx, 'Notes', 'acme', [v1]);
    await storeServerCopies(ctx, 'Notes', 'acme', [v2]);
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(v2);
    const again = { ...v2, text: 'second, expanded' } as Resource;
    await storeServerCopies(ctx, 'Notes', 'acme', [again]);
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(again);
  });

  it('keeps queued edits over any copy, and the newer saved copy under them', async () => {
    const { store, ctx } = copies();
    await storeServerCopies(ctx, 'Notes', 'acme', [v2]);
    const mine = { ...v2, text: 'my edit' } as Resource;
    await store.putItems([{ collection: 'Notes', id: 'n1', practiceId: 'acme', partition: 'pat-1', item: mine, saved: v2, dirty: true }]);
    await store.addPendingUpsert({
      kind: 'upsert',
      collection: 'Notes',
      id: 'n1',
      practiceId: 'acme',
      item: mine,
      original: v2,
      attempts: 0,
      idempotencyKey: 'k1',
    } as never);
    await storeServerCopies(ctx, 'Notes', 'acme', [v1]);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: mine, saved: v2, dirty: true });
    await storeServerCopies(ctx, 'Notes', 'acme', [v3]);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: mine, saved: v3, dirty: true });
  });

  it('stores each item of a page by its own version', async () => {
    const { store, ctx } = copies();
    const other = (id: string, v: Resource) => ({ ...v, id }) as Resource;
    await storeServerCopies(ctx, 'Notes', 'acme', [v2, other('n2', v1)]);
    await storeServerCopies(ctx, 'Notes', 'acme', [v1, other('n2', v3)]);
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(v2);
    expect((await store.getItem('Notes', 'n2'))?.item).toEqual(other('n2', v3));
  });
});

describe('forgetServerCopy', () => {
  const cached = (confirmedAt?: number) => ({
    collection: 'Notes',
    id: 'n1',
    practiceId: 'acme',
    partition: 'pat-1',
    item: v1,
    saved: v1,
    dirty: false,
    confirmedAt,
  });

  it('drops a copy the server no longer has, confirmed (if ever) before the read left', async () => {
    for (const confirmedAt of [undefined, Date.now() - 1]) {
      const { store, ctx } = copies();
      await store.putItems([cached(confirmedAt)]);
      await forgetServerCopy(ctx, 'Notes', 'n1', Date.now());
      expect(await store.getItem('Notes', 'n1')).toBeUndefined();
    }
  });

  it('keeps an item whose write the server accepted after the read left', async () => {
    const { store, ctx } = copies();
    const sentAt = Date.now();
    await store.putItems([cached(sentAt + 1)]);
    await forgetServerCopy(ctx, 'Notes', 'n1', sentAt);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: v1, confirmedAt: sentAt + 1 });
  });
});

describe('a read answered late', () => {
  it('does not delete the item whose create the server accepted after the read left (a late 404)', async () => {
    const { layer, server, network, store } = testLayer();
    network.online = false;
    const created = await layer.upsert('Notes', note({ text: 'new' }));
    // The create and a read of it both leave; the server answers the read first (it has no such
    // note yet: an empty match) but that answer arrives only after the create was accepted.
    let answerCreate!: () => void;
    let answerRead!: () => void;
    const createHeld = new Promise<void>((resolve) => (answerCreate = resolve));
    const readHeld = new Promise<void>((resolve) => (answerRead = resolve));
    server.delay = (r) => (r.method === 'PUT' ? createHeld : r.path.endsWith('/queries') ? readHeld : undefined);
    let stale = true;
    server.intercept = (r) => (r.path.endsWith('/queries') && stale ? ((stale = false), { status: 200, body: [] }) : undefined);
    network.goOnline();
    const watch = layer.watchResource('Notes', created.id);
    const stop = watch.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.requests.some((r) => r.path.endsWith('/queries'))).toBe(true);

    await vi.advanceTimersByTimeAsync(1_000);
    answerCreate();
    await layer.flush();
    expect(server.get('Notes', created.id)?.text).toBe('new');
    expect(await store.pendingFor('Notes', created.id)).toEqual([]);

    answerRead();
    await settle();
    expect(await store.getItem('Notes', created.id)).toMatchObject({ item: { id: created.id, text: 'new' }, dirty: false });
    expect(watch.get()).toMatchObject({ loading: false, error: undefined, item: { id: created.id, text: 'new' } });
    stop();
  });

  it('does not undo a write answered before it', async () => {
    const { layer, server, store } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'before' });
    await layer.fetchAll('Notes', { crossPartition: true });
    await vi.advanceTimersByTimeAsync(1_000);
    // A list read leaves now, is answered with the server's copy of now, and that answer arrives
    // only after the edit below was saved.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.delay = (r) => (r.method === 'GET' ? held : undefined);
    let stale = true;
    server.intercept = (r) => (r.method === 'GET' && stale ? ((stale = false), { status: 200, body: [seeded] }) : undefined);
    const late = layer.fetchAll('Notes', { crossPartition: true });
    await settle();
    server.delay = () => undefined;
    await layer.upsert('Notes', { ...seeded, text: 'after' });
    await layer.flush();
    const written = server.get('Notes', 'n1')!;
    expect(written.text).toBe('after');
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(written);
    answer();
    // The late answer carries the version read before the write.
    expect((await late)[0]).toMatchObject({ text: 'before', meta: seeded.meta });
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: written, saved: written, dirty: false });
  });
});
