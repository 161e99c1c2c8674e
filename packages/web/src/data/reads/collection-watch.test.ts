import type { Resource } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { note, settle, testLayer } from '../test-support/test-layer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const texts = (items: Resource[]) => items.map((i) => i.text);

describe('watchCollection (useCollection)', () => {
  it('lists the server answer, then shows unsent creates first and edits in place at once', async () => {
    const { layer, server, network } = testLayer();
    server.seed('Notes', { id: 'a', resourceType: 'Note', partition: 'p1', text: 'A' });
    server.seed('Notes', { id: 'b', resourceType: 'Note', partition: 'p1', text: 'B' });
    const list = layer.watchCollection('Notes', { partition: 'p1' });
    const stop = list.live.subscribe(() => undefined);
    expect(list.live.get().loading).toBe(true);
    await settle();
    expect(list.live.get()).toMatchObject({ loading: false, error: undefined });
    expect(texts(list.live.get().items)).toEqual(['A', 'B']);
    network.online = false;
    const b = list.live.get().items[1]!;
    await layer.upsert('Notes', note({ partition: 'p1', text: 'new' }));
    await layer.upsert('Notes', { ...b, text: 'B edited' });
    await layer.upsert('Notes', note({ partition: 'p2', text: 'other patient' }));
    await settle();
    expect(texts(list.live.get().items)).toEqual(['new', 'A', 'B edited']);
    stop();
  });

  it('keeps a new item listed after the server accepts it, until the list is read again', async () => {
    const { layer, server } = testLayer();
    server.seed('Notes', { id: 'a', resourceType: 'Note', partition: 'p1', text: 'A' });
    const list = layer.watchCollection('Notes', { partition: 'p1' });
    const stop = list.live.subscribe(() => undefined);
    await settle();
    vi.advanceTimersByTime(1_000);
    await layer.upsert('Notes', note({ partition: 'p1', text: 'new' }));
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(0);
    expect(texts(list.live.get().items)).toEqual(['new', 'A']);
    await list.refresh();
    await settle();
    expect(texts(list.live.get().items).sort()).toEqual(['A', 'new']);
    stop();
  });

  it('keeps an unsent edit when the server answers a refresh with the old copy', async () => {
    const { layer, server, network } = testLayer();
    server.seed('Notes', { id: 'a', resourceType: 'Note', partition: 'p1', text: 'A' });
    const list = layer.watchCollection('Notes', { partition: 'p1' });
    const stop = list.live.subscribe(() => undefined);
    await settle();
    network.online = false;
    await layer.upsert('Notes', { ...list.live.get().items[0]!, text: 'mine' });
    await list.refresh();
    await settle();
    expect(texts(list.live.get().items)).toEqual(['mine']);
    stop();
  });

  it('shows a refused read as an error, and no answer at all as none (the cache stays)', async () => {
    const { layer, server } = testLayer();
    server.seed('Notes', { id: 'a', resourceType: 'Note', partition: 'p1', text: 'A' });
    const list = layer.watchCollection('Notes', { partition: 'p1' });
    const stop = list.live.subscribe(() => undefined);
    await settle();
    server.intercept = () => 'network';
    await list.refresh();
    await settle();
    expect(list.live.get()).toMatchObject({ error: undefined, loading: false });
    expect(texts(list.live.get().items)).toEqual(['A']);
    expect(layer.syncState.get().online).toBe(false);
    server.intercept = () => ({ status: 403 });
    await list.refresh();
    expect(list.live.get().error?.status).toBe(403);
    stop();
  });

  it('offline before any answer, lists the cached items matching the filters', async () => {
    const { layer, network } = testLayer();
    network.online = false;
    await layer.upsert('Notes', note({ partition: 'p1', text: 'keep', status: 'draft' }));
    await layer.upsert('Notes', note({ partition: 'p1', text: 'skip', status: 'final' }));
    const list = layer.watchCollection('Notes', { partition: 'p1', filters: [{ field: 'status', op: 'eq', value: 'draft' }] });
    const stop = list.live.subscribe(() => undefined);
    await settle();
    expect(texts(list.live.get().items)).toEqual(['keep']);
    stop();
  });

  it('asks the server nothing before a practice is chosen', async () => {
    const { layer, server } = testLayer({ practiceId: undefined });
    const list = layer.watchCollection('Notes', { partition: 'p1' });
    const stop = list.live.subscribe(() => undefined);
    await settle();
    expect(list.live.get()).toEqual({ items: [], loading: false });
    expect(server.requests).toEqual([]);
    stop();
  });

  it('is shared by every screen asking the same list', () => {
    const { layer } = testLayer();
    expect(layer.watchCollection('Notes', { partition: 'p1' })).toBe(layer.watchCollection('Notes', { partition: 'p1' }));
    expect(layer.watchCollection('Notes', { partition: 'p1' })).not.toBe(layer.watchCollection('Notes', { partition: 'p2' }));
  });
});
