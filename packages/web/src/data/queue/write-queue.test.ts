import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { note, settle, testLayer } from '../test-support/test-layer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('write queue: the local half', () => {
  it('stores an edit at once and queues it as a pending upsert', async () => {
    const { layer, network, store } = testLayer();
    network.online = false;
    const saved = await layer.upsert('Notes', note({ text: 'Offline note' }));
    expect(saved.id).toBe('00000000-0000-4000-8000-000000000001');
    expect(saved.meta.versionId).toBe('');
    expect((await store.getItem('Notes', saved.id))?.item).toEqual(saved);
    expect((await store.getItem('Notes', saved.id))?.dirty).toBe(true);
    const pending = await store.listPending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'upsert', collection: 'Notes', id: saved.id, practiceId: 'acme', item: saved });
    await settle();
    expect(layer.syncState.get()).toMatchObject({ pendingCount: 1 });
  });
});

describe('write queue: sending', () => {
  it('creates a new item with a PUT under its client id, then refreshes it from the answer', async () => {
    const { layer, server, store } = testLayer();
    const saved = await layer.upsert('Notes', note());
    await layer.flush();
    expect(server.writes()).toEqual([`PUT /api/v1/practices/acme/Notes/${saved.id}`]);
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.query.has('versionId')).toBe(false);
    expect(put.body).not.toHaveProperty('meta');
    const local = await store.getItem('Notes', saved.id);
    expect(local?.item.meta.versionId).toBe(server.get('Notes', saved.id)!.meta.versionId);
    expect(local?.dirty).toBe(false);
    expect(local?.saved).toEqual(local?.item);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(0);
  });

  it('patches a known item with ?versionId= and only the difference, under an idempotency key', async () => {
    const { layer, server } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'a', tags: ['x'] });
    await layer.fetchAll('Notes', { crossPartition: true });
    await layer.upsert('Notes', { ...seeded, text: 'b' });
    await layer.flush();
    const patch = server.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe('/api/v1/practices/acme/Notes/n1');
    expect(patch.query.get('versionId')).toBe(seeded.meta.versionId);
    expect(patch.headers['content-type']).toBe('application/json-patch+json');
    expect(patch.body).toEqual([{ op: 'replace', path: '/text', value: 'b' }]);
    expect(patch.headers['idempotency-key']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(server.get('Notes', 'n1')).toMatchObject({ text: 'b' });
  });

  it('sends nothing for an edit that changes nothing the server keeps', async () => {
    const { layer, server } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'a' });
    await layer.fetchAll('Notes', { crossPartition: true });
    await layer.upsert('Notes', { ...seeded, meta: { ...seeded.meta, lastModified: 'later' } });
    await layer.flush();
    expect(server.writes()).toEqual([]);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(0);
  });

  it('merges edits made while a write was on the wire (base sent, theirs answered, mine now)', async () => {
    const { layer, server, store } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'a', title: 'T' });
    await layer.fetchAll('Notes', { crossPartition: true });
    let release!: () => void;
    server.delay = (r) => (r.method === 'PATCH' && !release ? new Promise<void>((resolve) => (release = resolve)) : undefined);
    await layer.upsert('Notes', { ...seeded, text: 'first' });
    const sending = layer.flush();
    await settle();
    // The user keeps typing while the first save is on its way.
    const local = (await store.getItem('Notes', 'n1'))!.item;
    await layer.upsert('Notes', { ...local, title: 'Title typed meanwhile' });
    // Another user's change lands first; the server's answer carries it.
    server.resources.get('Notes/n1')!.signedBy = 'someone';
    release();
    await sending;
    await layer.flush();
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((p) => p.body)).toEqual([
      [{ op: 'replace', path: '/text', value: 'first' }],
      [{ op: 'replace', path: '/title', value: 'Title typed meanwhile' }],
    ]);
    // The second went against the version the first produced, not the stale one.
    expect(patches.map((p) => p.query.get('versionId'))).toEqual([seeded.meta.versionId, 'v2']);
    const final = (await store.getItem('Notes', 'n1'))!;
    expect(final.item).toMatchObject({ text: 'first', title: 'Title typed meanwhile', signedBy: 'someone' });
    expect(final.item).toEqual(server.get('Notes', 'n1'));
    expect(final.dirty).toBe(false);
  });

  it("starts writes in creation order and sends each item's writes in order", async () => {
    const { layer, server, network } = testLayer();
    network.online = false;
    const a = await layer.upsert('Notes', note({ text: 'A1' }));
    const b = await layer.upsert('Notes', note({ text: 'B1' }));
    await layer.upsert('Notes', { ...a, text: 'A2' });
    const c = await layer.upsert('Allergies', { resourceType: 'Allergy', partition: 'pat-1', text: 'C1' });
    network.goOnline();
    await layer.flush();
    // A2 waits for A1's answer; B1 and C1 need not.
    expect(server.writes()).toEqual([
      `PUT /api/v1/practices/acme/Notes/${a.id}`,
      `PUT /api/v1/practices/acme/Notes/${b.id}`,
      `PUT /api/v1/practices/acme/Allergies/${c.id}`,
      `PATCH /api/v1/practices/acme/Notes/${a.id}`,
    ]);
    expect(server.get('Notes', a.id)).toMatchObject({ text: 'A2' });
  });

  it('writes global collections under /api/v1, and refuses practice ones before a practice is chosen', async () => {
    const { layer, server } = testLayer({ practiceId: undefined });
    const made = await layer.upsert('Announcements', { resourceType: 'Announcement', title: 'Hello' });
    await layer.flush();
    expect(server.writes()).toEqual([`PUT /api/v1/Announcements/${made.id}`]);
    await expect(layer.upsert('Notes', note())).rejects.toThrow('No practice is chosen');
    layer.setPractice('acme');
    await layer.upsert('Notes', note());
    await layer.flush();
    expect(server.writes()[1]).toMatch(/^PUT \/api\/v1\/practices\/acme\/Notes\//);
  });

  it('waits while offline; coming back online sends 100 edits, in order, each once, even after a reload', async () => {
    const first = testLayer();
    first.network.online = false;
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await first.layer.upsert('Notes', note({ text: `edit ${i}` }))).id);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(first.server.requests).toEqual([]);
    first.layer.dispose();
    // A reload: a new layer over the same device store.
    const again = testLayer({ server: first.server, network: first.network, store: first.store });
    await again.layer.ready;
    expect(again.layer.syncState.get().pendingCount).toBe(100);
    again.network.goOnline();
    await again.layer.flush();
    expect(first.server.writes()).toEqual(ids.map((id) => `PUT /api/v1/practices/acme/Notes/${id}`));
    expect(ids.map((id) => first.server.get('Notes', id)?.text)).toEqual(ids.map((_, i) => `edit ${i}`));
    await settle();
    expect(again.layer.syncState.get().pendingCount).toBe(0);
  });
});

describe('write queue: refusals', () => {
  it('keeps a failed record on 409 with the user text, and restores the server copy', async () => {
    const { layer, server, store } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'original' });
    await layer.fetchAll('Notes', { crossPartition: true });
    // A second browser saves first.
    const theirs = server.seed('Notes', { ...seeded, text: 'their words' });
    await layer.upsert('Notes', { ...seeded, text: 'my careful words' });
    await layer.flush();
    await settle();
    const { failed, pendingCount } = layer.syncState.get();
    expect(pendingCount).toBe(0);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      collection: 'Notes',
      id: 'n1',
      operation: 'upsert',
      status: 409,
      detail: 'Your changes conflict with those made concurrently by another user.',
      lastAttempt: Date.now(),
    });
    expect(failed[0]!.item.text).toBe('my careful words');
    expect(failed[0]!.hash).toMatch(/^[0-9a-z]+$/);
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(theirs);
    expect(await layer.hasUnsentEdits()).toBe(true);
    await layer.dismissFailed(failed[0]!.hash);
    await settle();
    expect(layer.syncState.get().failed).toEqual([]);
    expect(await layer.hasUnsentEdits()).toBe(false);
  });

  it('keeps a failed record for every refused edit of an item, each with what it changed, and saves the other items', async () => {
    const { layer, server, store, network } = testLayer();
    const seeded = server.seed('Patients', {
      id: 'p1',
      resourceType: 'Patient',
      partition: 'p1',
      telecom: [{ system: 'Phone', value: '555-0100' }],
    });
    await layer.fetchAll('Patients');
    network.online = false;
    let edited = seeded;
    for (const value of ['555-0101', '555-0102', '555-0103'])
      edited = await layer.upsert('Patients', { ...edited, telecom: [{ system: 'Phone', value }] });
    const other = await layer.upsert('Notes', note({ text: 'still mine to save' }));
    // The permission went while the user was offline: every write of the patient is refused.
    const forbidden = { title: 'Forbidden', status: 403, detail: "You don't have permissions to perform this action." };
    server.intercept = (r) => (r.path.includes('/Patients/') && r.method !== 'GET' ? { status: 403, body: forbidden } : undefined);
    network.goOnline();
    await layer.flush();
    await settle();

    const { failed, pendingCount } = layer.syncState.get();
    expect(pendingCount).toBe(0);
    const edits = failed.filter((f) => f.id === 'p1').sort((a, b) => a.seq! - b.seq!);
    expect(edits.map((f) => f.changes)).toEqual([
      [{ path: 'telecom.0.value', before: '555-0100', after: '555-0101' }],
      [{ path: 'telecom.0.value', before: '555-0101', after: '555-0102' }],
      [{ path: 'telecom.0.value', before: '555-0102', after: '555-0103' }],
    ]);
    expect(new Set(edits.map((f) => f.hash)).size).toBe(3);
    for (const f of edits) expect(f).toMatchObject({ status: 403, detail: forbidden.detail, madeAt: Date.now() });
    expect(failed).toHaveLength(3);
    // The device shows the server's copy again; the other item was saved.
    expect((await store.getItem('Patients', 'p1'))?.item).toEqual(seeded);
    expect(server.get('Notes', other.id)).toMatchObject({ text: 'still mine to save' });
  });

  it('drops a refused create from the store; its text stays in the failed record', async () => {
    const { layer, server, store } = testLayer();
    server.intercept = (r) =>
      r.method === 'PUT' ? { status: 400, body: { title: 'Bad Request', status: 400, detail: 'text is a required field' } } : undefined;
    const created = await layer.upsert('Notes', note({ text: 'keep me' }));
    await layer.flush();
    await settle();
    expect(await store.getItem('Notes', created.id)).toBeUndefined();
    expect(layer.syncState.get().failed[0]).toMatchObject({ status: 400, detail: 'text is a required field', item: { text: 'keep me' } });
  });

  it('restores the last known saved copy when the server cannot be read after a refusal', async () => {
    const { layer, server, store } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'saved' });
    await layer.fetchAll('Notes', { crossPartition: true });
    server.intercept = (r) => (r.method === 'PATCH' ? { status: 403 } : r.method === 'GET' ? 'network' : undefined);
    await layer.upsert('Notes', { ...seeded, text: 'not allowed' });
    await layer.flush();
    expect((await store.getItem('Notes', 'n1'))?.item).toEqual(seeded);
  });

  it('evicts failed records 1440 minutes after their last attempt', async () => {
    const { layer, server } = testLayer();
    server.intercept = () => ({ status: 422 });
    await layer.upsert('Notes', note());
    await layer.flush();
    await settle();
    expect(layer.syncState.get().failed).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_439 * 60_000);
    expect(layer.syncState.get().failed).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(layer.syncState.get().failed).toHaveLength(0);
  });
});
