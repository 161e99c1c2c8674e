import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { note, settle, testLayer } from '../test-support/test-layer.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchResource (useResource)', () => {
  it('shows the local copy at once and the server copy when it comes', async () => {
    const { layer, server } = testLayer();
    server.seed('Patients', { id: 'p1', resourceType: 'Patient', display: 'Server' });
    const watch = layer.watchResource('Patients', 'p1');
    const stop = watch.subscribe(() => undefined);
    expect(watch.get()).toEqual({ loading: true });
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(watch.get()).toMatchObject({ loading: false, item: { display: 'Server' } });
    await layer.upsert('Patients', { ...watch.get().item!, display: 'Edited here' });
    await settle();
    expect(watch.get().item?.display).toBe('Edited here');
    stop();
  });

  it('does not call a create still queued on this device "not found"', async () => {
    const { layer, network } = testLayer();
    network.online = false;
    const created = await layer.upsert('Notes', note());
    network.online = true;
    const watch = layer.watchResource('Notes', created.id);
    const stop = watch.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(watch.get()).toMatchObject({ loading: false, error: undefined, item: { id: created.id } });
    stop();
  });

  it('forgets a cached copy the server no longer has', async () => {
    const { layer, server, store } = testLayer();
    server.seed('Patients', { id: 'p1', resourceType: 'Patient' });
    await layer.fetchAll('Patients');
    server.resources.delete('Patients/p1');
    const watch = layer.watchResource('Patients', 'p1');
    const stop = watch.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(await store.getItem('Patients', 'p1')).toBeUndefined();
    expect(watch.get()).toMatchObject({ item: undefined, error: { status: 404 } });
    stop();
  });

  it('with the cache in memory, a reload shows the queued items again', async () => {
    const first = testLayer();
    first.network.online = false;
    const created = await first.layer.upsert('Notes', note({ text: 'typed before the reload' }));
    first.layer.dispose();
    await first.store.clearCache();
    const again = testLayer({ server: first.server, network: first.network, store: first.store });
    await again.layer.ready;
    expect((await first.store.getItem('Notes', created.id))?.item.text).toBe('typed before the reload');
  });
});
