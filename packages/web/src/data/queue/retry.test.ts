import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Interception } from '../test-support/fake-server.ts';
import { note, settle, testLayer } from '../test-support/test-layer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A layer whose first `failures` PUTs get `answer`; the times of every PUT are recorded. */
function failingPuts(answer: Interception, failures = 1) {
  const t = testLayer();
  const times: number[] = [];
  t.server.intercept = (r) => {
    if (r.method !== 'PUT') return undefined;
    times.push(Date.now());
    return times.length <= failures ? answer : undefined;
  };
  return { ...t, times };
}

describe('write queue: retries', () => {
  it('retries a 408 after 2 s, not before', async () => {
    const { layer, server, times } = failingPuts({ status: 408 });
    const item = await layer.upsert('Notes', note());
    await settle();
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(times).toHaveLength(2);
    expect(server.get('Notes', item.id)).toBeDefined();
  });

  it('honours Retry-After on 429 and 449', async () => {
    for (const status of [429, 449]) {
      const { layer, times } = failingPuts({ status, headers: { 'retry-after': '7' } });
      await layer.upsert('Notes', note());
      await settle();
      await vi.advanceTimersByTimeAsync(6_999);
      expect(times).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(times).toHaveLength(2);
      layer.dispose();
    }
  });

  it('waits 100 s on a 429 without Retry-After, and shows the wait', async () => {
    const { layer, times } = failingPuts({ status: 429 });
    await layer.upsert('Notes', note());
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: 'waiting', retryAt: Date.now() + 100_000, pendingCount: 1 });
    await vi.advanceTimersByTimeAsync(99_999);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(times).toHaveLength(2);
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: undefined, pendingCount: 0 });
  });

  it('retries a request with no answer every 5 s and shows offline until one is answered', async () => {
    const { layer, times } = failingPuts('network', 3);
    await layer.upsert('Notes', note());
    await settle();
    expect(layer.syncState.get().online).toBe(false);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(times).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times).toHaveLength(4);
    await settle();
    expect(layer.syncState.get()).toMatchObject({ online: true, pendingCount: 0 });
  });

  it('retries a gateway 503 like a lost connection', async () => {
    const { layer, times } = failingPuts({ status: 503 });
    await layer.upsert('Notes', note());
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times).toHaveLength(2);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(0);
  });

  it('sends at once when the browser comes back online, without waiting out the 5 s', async () => {
    const { layer, network, times } = failingPuts('network');
    await layer.upsert('Notes', note());
    await settle();
    network.goOffline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toHaveLength(1);
    network.goOnline();
    await settle();
    expect(times).toHaveLength(2);
  });

  it('reuses the idempotency key on every retry; a lost answer is replayed, not applied twice', async () => {
    const { layer, server } = testLayer();
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'a' });
    await layer.fetchAll('Notes', { crossPartition: true });
    let patches = 0;
    server.intercept = (r) => (r.method === 'PATCH' && ++patches === 1 ? 'lost' : undefined);
    await layer.upsert('Notes', { ...seeded, text: 'b' });
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    const sent = server.requests.filter((r) => r.method === 'PATCH');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers['idempotency-key']).toBe(sent[1]!.headers['idempotency-key']);
    // Applied once: one new version, and no false 409 from the retry.
    expect(server.get('Notes', 'n1')!.meta.versionId).toBe('v2');
    await settle();
    expect(layer.syncState.get()).toMatchObject({ pendingCount: 0, failed: [] });
  });
});

describe('write queue: the session', () => {
  it('holds everything on a 401, discards nothing, and sends it all when the same user is back', async () => {
    const { layer, server } = testLayer();
    let signedIn = false;
    server.intercept = () => (signedIn ? undefined : { status: 401 });
    const a = await layer.upsert('Notes', note({ text: 'one' }));
    const b = await layer.upsert('Notes', note({ text: 'two' }));
    await layer.upsert('Notes', { ...b, text: 'two, and more' });
    await layer.flush();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.requests).toHaveLength(1);
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: 'signed-out', pendingCount: 3 });
    expect(await layer.hasUnsentEdits()).toBe(true);
    // Held, each edit can be read (and copied) with the values it changes.
    const held = await layer.queuedEdits();
    expect(held.map((e) => [e.id, e.changes?.find((c) => c.path === 'text')])).toEqual([
      [a.id, { path: 'text', before: '', after: 'one' }],
      [b.id, { path: 'text', before: '', after: 'two' }],
      [b.id, { path: 'text', before: 'two', after: 'two, and more' }],
    ]);
    signedIn = true;
    await layer.resume();
    expect([server.get('Notes', a.id)?.text, server.get('Notes', b.id)?.text]).toEqual(['one', 'two, and more']);
    expect(await layer.queuedEdits()).toEqual([]);
  });

  it('holds the queue on a 401 from a read as well', async () => {
    const { layer, server } = testLayer();
    server.intercept = (r) => (r.method === 'GET' ? { status: 401 } : undefined);
    await expect(layer.fetchAll('Patients')).rejects.toMatchObject({ status: 401 });
    await layer.upsert('Notes', note());
    await layer.flush();
    expect(server.writes()).toEqual([]);
  });

  it('retries a write refused for a dropped security token after 2 s', async () => {
    const { layer, server } = testLayer();
    let puts = 0;
    server.intercept = (r) =>
      r.method === 'PUT' && ++puts === 1
        ? {
            status: 403,
            body: { title: 'Forbidden', status: 403, detail: 'Your temporary access security token has expired.', subStatus: 1002 },
          }
        : undefined;
    const item = await layer.upsert('Notes', note());
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.get('Notes', item.id)).toBeDefined();
  });

  it('sends the profile the user acted as when the edit was made', async () => {
    const { layer, server, network } = testLayer({ profile: 'Practitioner/p1' });
    network.online = false;
    await layer.upsert('Notes', note());
    layer.setProfile('Practitioner/p2');
    network.goOnline();
    await layer.flush();
    await layer.fetchAll('Practitioners');
    await layer.fetchAll('Announcements');
    expect(server.requests.map((r) => r.headers['x-profile'])).toEqual(['Practitioner/p1', 'Practitioner/p2', undefined]);
  });
});
