import type { Resource } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, testLayer } from '../test-support/test-layer.ts';
import type { PagedQueryState } from './paged-query.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const patient = (i: number, fields: Record<string, unknown> = {}) => ({
  id: `p${String(i).padStart(3, '0')}`,
  resourceType: 'Patient',
  display: `Patient ${String(i).padStart(3, '0')}`,
  mrn: `MRN${i}`,
  ...fields,
});

const displays = (state: PagedQueryState) => state.items.map((i: Resource) => i.display);

function withPatients(count: number) {
  const t = testLayer();
  for (let i = 0; i < count; i++) t.server.seed('Patients', patient(i));
  return t;
}

describe('pagedQuery (usePagedQuery)', () => {
  it('reads the first page of 50, then the next with the continuation token, and keeps every page on the device', async () => {
    const { layer, server, store } = withPatients(120);
    const query = layer.pagedQuery('Patients');
    const stop = query.live.subscribe(() => undefined);
    await query.setQuery({ filters: [{ field: 'resourceType', op: 'eq', value: 'Patient' }], orderBy: 'Name', order: 'asc' });
    expect(query.live.get()).toMatchObject({ loading: false, hasMore: true, fromDevice: false });
    expect(query.live.get().items).toHaveLength(50);
    const [first] = server.requests;
    expect([first!.method, first!.path, first!.query.get('pageSize'), first!.query.get('orderBy'), first!.query.get('order')]).toEqual([
      'POST',
      '/api/v1/practices/acme/Patients/queries',
      '50',
      'Name',
      'asc',
    ]);
    await query.loadMore();
    expect(server.requests[1]!.headers['x-continuation-token']).toBe('50');
    expect(query.live.get().items).toHaveLength(100);
    await query.loadMore();
    expect(query.live.get()).toMatchObject({ hasMore: false, loadingMore: false });
    expect(displays(query.live.get())).toHaveLength(120);
    expect(new Set(query.live.get().items.map((i) => i.id)).size).toBe(120);
    // No more pages: nothing more is asked.
    await query.loadMore();
    expect(server.requests).toHaveLength(3);
    expect((await store.getItem('Patients', 'p119'))?.item.display).toBe('Patient 119');
    stop();
  });

  it('clears: nothing listed, the search under way dropped, until the next one', async () => {
    const { layer, server } = withPatients(3);
    const query = layer.pagedQuery('Patients');
    await query.setQuery({});
    expect(query.live.get().items).toHaveLength(3);
    let release!: () => void;
    server.delay = () => new Promise<void>((resolve) => (release = resolve));
    const late = query.setQuery({ filters: [{ field: 'id', op: 'eq', value: 'p001' }] });
    await settle();
    query.clear();
    release();
    await late;
    expect(query.live.get()).toMatchObject({ items: [], loading: false, hasMore: false, request: undefined });
    server.delay = () => undefined;
    await query.setQuery({});
    expect(query.live.get().items).toHaveLength(3);
  });

  it('lists with GET when there are no filters', async () => {
    const { layer, server } = withPatients(3);
    const query = layer.pagedQuery('Patients');
    await query.setQuery({});
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/practices/acme/Patients']);
    expect(query.live.get()).toMatchObject({ hasMore: false });
    expect(query.live.get().items).toHaveLength(3);
  });

  it('drops the answer to an older search that arrives after a newer one (typing fast never shows stale results)', async () => {
    const { layer, server } = withPatients(5);
    let releaseSlow!: () => void;
    server.delay = (r) =>
      (r.body as { value?: string }[] | undefined)?.[0]?.value === 'p000'
        ? new Promise<void>((resolve) => {
            releaseSlow = resolve;
          })
        : undefined;
    const query = layer.pagedQuery('Patients');
    const stop = query.live.subscribe(() => undefined);
    const slow = query.setQuery({ filters: [{ field: 'id', op: 'eq', value: 'p000' }] });
    await settle();
    await query.setQuery({ filters: [{ field: 'id', op: 'eq', value: 'p004' }] });
    expect(displays(query.live.get())).toEqual(['Patient 004']);
    releaseSlow();
    await slow;
    await settle();
    expect(displays(query.live.get())).toEqual(['Patient 004']);
    expect(query.live.get().request?.filters).toEqual([{ field: 'id', op: 'eq', value: 'p004' }]);
    stop();
  });

  it("offline, shows the device's matches at once, sorted as the server sorts, with _text searched locally", async () => {
    const { layer, network, server } = withPatients(0);
    server.seed('Patients', patient(1, { display: 'Zane, Ada', mrn: 'A-1' }));
    server.seed('Patients', patient(2, { display: 'Abbot, Ada', mrn: 'A-2' }));
    server.seed('Patients', patient(3, { display: 'Moss, Ben', mrn: 'B-3' }));
    // Seen once while online: now on the device.
    await layer.fetchAll('Patients');
    network.goOffline();
    server.intercept = () => 'network';
    const query = layer.pagedQuery('Patients');
    const stop = query.live.subscribe(() => undefined);
    const pending = query.setQuery({ filters: [{ field: '_text', op: 'contains', value: 'ada' }], orderBy: 'Name', order: 'asc' });
    await settle();
    expect(query.live.get()).toMatchObject({ fromDevice: true, hasMore: false });
    expect(displays(query.live.get())).toEqual(['Abbot, Ada', 'Zane, Ada']);
    await pending;
    expect(query.live.get()).toMatchObject({ fromDevice: true, loading: false, error: undefined });
    await query.setQuery({ filters: [{ field: '_text', op: 'contains', value: 'b-3' }] });
    expect(displays(query.live.get())).toEqual(['Moss, Ben']);
    stop();
  });

  it('falls back to the device when a request gets no answer, and shows a refusal as an error', async () => {
    const { layer, server } = withPatients(2);
    await layer.fetchAll('Patients');
    server.intercept = () => 'network';
    const query = layer.pagedQuery('Patients');
    await query.setQuery({ orderBy: 'Mrn', order: 'desc' });
    expect(query.live.get()).toMatchObject({ fromDevice: true, loading: false });
    expect(displays(query.live.get())).toEqual(['Patient 001', 'Patient 000']);
    server.intercept = () => ({ status: 403 });
    await query.setQuery({ orderBy: 'Mrn' });
    expect(query.live.get().error?.status).toBe(403);
    expect(query.live.get()).toMatchObject({ loading: false, fromDevice: false, items: [] });
  });

  it('follows the device store: an edit made elsewhere shows in the listed row at once', async () => {
    const { layer, network } = withPatients(3);
    const query = layer.pagedQuery('Patients');
    const stop = query.live.subscribe(() => undefined);
    await query.setQuery({ orderBy: 'Name' });
    network.online = false;
    const second = query.live.get().items[1]!;
    await layer.upsert('Patients', { ...second, display: 'Renamed' });
    await settle();
    expect(displays(query.live.get())).toEqual(['Patient 000', 'Renamed', 'Patient 002']);
    stop();
  });

  it('asks nothing and answers a cancelled search never', async () => {
    const { layer, server } = withPatients(2);
    let release!: () => void;
    server.delay = () =>
      new Promise<void>((resolve) => {
        release = resolve;
      });
    const query = layer.pagedQuery('Patients');
    const pending = query.setQuery({});
    await settle();
    query.cancel();
    release();
    await pending;
    expect(query.live.get().items).toEqual([]);
  });
});
