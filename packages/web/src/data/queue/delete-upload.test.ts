import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { note, settle, testLayer } from '../test-support/test-layer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

async function withSavedNote() {
  const t = testLayer();
  const seeded = t.server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'a' });
  await t.layer.fetchAll('Notes', { crossPartition: true });
  return { ...t, seeded };
}

describe('write queue: deletes', () => {
  it('marks the item deleted, queues the delete, removes it locally, then DELETEs ?versionId=', async () => {
    const { layer, server, network, store, seeded } = await withSavedNote();
    network.online = false;
    vi.setSystemTime(new Date('2025-03-03T10:00:00Z'));
    await layer.remove('Notes', seeded);
    expect(await store.getItem('Notes', 'n1')).toBeUndefined();
    const [queued] = await store.listPending();
    expect(queued).toMatchObject({ kind: 'delete', id: 'n1' });
    expect(queued!.item.meta).toMatchObject({
      isDeleted: true,
      lastModified: '2025-03-03T10:00:00.000Z',
      versionId: seeded.meta.versionId,
    });
    network.goOnline();
    await layer.flush();
    const del = server.requests.find((r) => r.method === 'DELETE')!;
    expect(del.path).toBe('/api/v1/practices/acme/Notes/n1');
    expect(del.query.get('versionId')).toBe(seeded.meta.versionId);
    expect(del.headers['idempotency-key']).toBeDefined();
    expect(server.get('Notes', 'n1')!.meta.isDeleted).toBe(true);
  });

  it('does not bring a deleted item back when a read answers before the delete is sent', async () => {
    const { layer, network, store, seeded } = await withSavedNote();
    network.online = false;
    await layer.remove('Notes', seeded);
    network.online = true;
    await layer.fetchAll('Notes', { crossPartition: true });
    expect(await store.getItem('Notes', 'n1')).toBeUndefined();
  });

  it('cancels a pending delete when the same item is upserted again', async () => {
    const { layer, server, network, seeded } = await withSavedNote();
    network.online = false;
    await layer.remove('Notes', seeded);
    await layer.upsert('Notes', { ...seeded, text: 'kept after all' });
    network.goOnline();
    await layer.flush();
    expect(server.writes()).toEqual(['PUT /api/v1/practices/acme/Notes/n1']);
    expect(server.get('Notes', 'n1')).toMatchObject({ text: 'kept after all' });
    expect(server.get('Notes', 'n1')!.meta.isDeleted).toBeUndefined();
  });

  it('counts 404 and 410 on a delete as done', async () => {
    for (const status of [404, 410]) {
      const { layer, server, seeded } = await withSavedNote();
      server.intercept = (r) => (r.method === 'DELETE' ? { status } : undefined);
      await layer.remove('Notes', seeded);
      await layer.flush();
      await settle();
      expect(layer.syncState.get()).toMatchObject({ pendingCount: 0, failed: [] });
      layer.dispose();
    }
  });

  it('brings the item back with a failed record when a delete is refused', async () => {
    const { layer, server, store, seeded } = await withSavedNote();
    server.intercept = (r) => (r.method === 'DELETE' ? { status: 403 } : undefined);
    await layer.remove('Notes', seeded);
    await layer.flush();
    await settle();
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(seeded);
    expect(layer.syncState.get().failed[0]).toMatchObject({ operation: 'delete', status: 403, id: 'n1' });
  });

  it('deletes with the version an earlier queued edit produced', async () => {
    const { layer, server, seeded } = await withSavedNote();
    await layer.upsert('Notes', { ...seeded, text: 'b' });
    await layer.remove('Notes', seeded);
    await layer.flush();
    expect(server.writes()).toEqual(['PATCH /api/v1/practices/acme/Notes/n1', 'DELETE /api/v1/practices/acme/Notes/n1']);
    expect(server.requests.find((r) => r.method === 'DELETE')!.query.get('versionId')).toBe('v2');
    await settle();
    expect(layer.syncState.get().failed).toEqual([]);
  });

  it('sends nothing for an item created and deleted before it was ever sent', async () => {
    const { layer, server, network, store } = testLayer();
    network.online = false;
    const created = await layer.upsert('Notes', note());
    await layer.remove('Notes', created);
    network.goOnline();
    await layer.flush();
    expect(server.requests).toEqual([]);
    expect(await store.countPending()).toBe(0);
  });
});

describe('write queue: uploads', () => {
  it('queues content behind the create, sends it, then reads the resource again', async () => {
    const { layer, server, network, store } = testLayer();
    network.online = false;
    const media = await layer.upsert('Media', { resourceType: 'Media', partition: 'pat-1', title: 'Scan' });
    await layer.upload('Media', media, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    network.goOnline();
    await layer.flush();
    const path = `/api/v1/practices/acme/Media/${media.id}`;
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT ${path}`, `POST ${path}/content`, `GET ${path}`]);
    const upload = server.requests[1]!;
    expect(upload.headers['content-type']).toBe('application/pdf');
    expect(upload.body).toBeInstanceOf(Blob);
    const local = await store.getItem('Media', media.id);
    expect(local?.item.content).toMatchObject({ contentType: 'application/pdf', size: 8 });
    expect(local?.dirty).toBe(false);
  });

  it('after the bytes are accepted, retries only the re-fetch', async () => {
    const { layer, server } = await withSavedNote();
    let gets = 0;
    server.intercept = (r) => (r.method === 'GET' && r.path.endsWith('/n1') && ++gets === 1 ? 'network' : undefined);
    await layer.upload('Notes', server.get('Notes', 'n1')!, new Blob(['x']), 'text/plain');
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.requests.filter((r) => r.method === 'POST').length).toBe(1);
    expect(server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/n1')).length).toBe(2);
  });
});

describe('signing out', () => {
  it('clears the device store, unsent edits included, unless asked to keep them', async () => {
    const { layer, network, store } = await withSavedNote();
    network.online = false;
    await layer.upsert('Notes', note());
    await layer.clearLocalPatientData({ keepUnsentEdits: true });
    expect(await store.listItems('Notes')).toEqual([]);
    expect(await store.countPending()).toBe(1);
    expect(await layer.hasUnsentEdits()).toBe(true);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(1);
    await layer.clearLocalPatientData();
    expect(await store.countPending()).toBe(0);
    expect(await layer.hasUnsentEdits()).toBe(false);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(0);
  });
});
