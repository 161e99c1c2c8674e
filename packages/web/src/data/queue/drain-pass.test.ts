import type { Resource } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../store/memory-store.ts';
import type { SeenRequest } from '../test-support/fake-server.ts';
import { note, settle, testLayer } from '../test-support/test-layer.ts';
import { WRITES_IN_FLIGHT } from './drain-pass.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const idOf = (r: SeenRequest) => r.path.split('/').pop()!;
const writesOf = (requests: SeenRequest[]) => requests.filter((r) => r.method !== 'GET');

/**
 * A memory store that counts its transactions and its reads of the whole queue. A transaction can
 * be made to take time, as IndexedDB's do (a few milliseconds in Chromium).
 */
class CountingStore extends MemoryStore {
  transactions = 0;
  transactionMs = 0;
  queueReads = 0;
  /** Makes the next transaction fail, as a full disk or a closed database would. */
  failNext = false;
  override transaction<T>(work: () => Promise<T>): Promise<T> {
    this.transactions++;
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' }));
    }
    if (this.transactionMs === 0) return super.transaction(work);
    return new Promise<void>((resolve) => setTimeout(resolve, this.transactionMs)).then(() => super.transaction(work));
  }
  override pendingRefs() {
    this.queueReads++;
    return super.pendingRefs();
  }
  override listPending() {
    this.queueReads++;
    return super.listPending();
  }
}

/** A layer over a counting store whose server answers each write after `delayFor(request)` ms. */
function layerWithDelays(delayFor: (request: SeenRequest) => number) {
  const store = new CountingStore();
  const t = testLayer({ store });
  t.server.delay = (request) =>
    request.method === 'GET' ? undefined : new Promise<void>((resolve) => setTimeout(resolve, delayFor(request)));
  return { ...t, store };
}

describe('drain pass: no head-of-line blocking', () => {
  it("sends other items' writes, and their next ones, while an item's write is slow on the wire", async () => {
    // A's create takes 1 s to answer; everything else 5 ms.
    let slowId = '';
    const { layer, server, network } = layerWithDelays((r) => (idOf(r) === slowId && r.method === 'PUT' ? 1_000 : 5));
    network.online = false;
    const a = await layer.upsert('Notes', note({ text: 'A1' }));
    slowId = a.id;
    await layer.upsert('Notes', { ...a, text: 'A2' });
    const b = await layer.upsert('Notes', note({ text: 'B1' }));
    let latestB = b;
    for (let i = 2; i <= 6; i++) latestB = await layer.upsert('Notes', { ...latestB, text: `B${i}` });
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(100);
    // A1 is still out and A2 waits for it; B's six writes went one after another meanwhile.
    expect(writesOf(server.requests).map((r) => `${r.method} ${idOf(r) === a.id ? 'A' : 'B'}`)).toEqual([
      'PUT A',
      'PUT B',
      'PATCH B',
      'PATCH B',
      'PATCH B',
      'PATCH B',
      'PATCH B',
    ]);
    expect(server.get('Notes', b.id)).toMatchObject({ text: 'B6' });
    await vi.advanceTimersByTimeAsync(1_000);
    await draining;
    // A2 left only after A1's answer, as a PATCH of the version A1 made.
    const aWrites = writesOf(server.requests).filter((r) => idOf(r) === a.id);
    expect(aWrites.map((r) => r.method)).toEqual(['PUT', 'PATCH']);
    expect(server.get('Notes', a.id)).toMatchObject({ text: 'A2' });
    await settle();
    // The fake server checks ?versionId=: a PATCH of a stale version would have been refused.
    expect(layer.syncState.get()).toMatchObject({ pendingCount: 0, failed: [] });
  });

  it(`keeps at most ${WRITES_IN_FLIGHT} on the wire and each item's writes in order, with answers in any order`, async () => {
    let n = 0;
    const { layer, server, network } = layerWithDelays(() => 1 + ((n++ * 13) % 17));
    network.online = false;
    const written: Resource[] = [];
    for (let i = 0; i < 30; i++) written.push(await layer.upsert('Notes', note({ text: `${i}.0`, step: 0 })));
    // Uneven chains: item i gets i % 4 more edits, queued round by round.
    for (let round = 1; round <= 3; round++) {
      for (let i = 0; i < 30; i++)
        if (i % 4 >= round) written[i] = await layer.upsert('Notes', { ...written[i]!, text: `${i}.${round}`, step: round });
    }
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    await draining;
    expect(server.maxConcurrent).toBe(WRITES_IN_FLIGHT);
    for (let i = 0; i < 30; i++) {
      const steps = writesOf(server.requests)
        .filter((r) => idOf(r) === written[i]!.id)
        .map((r) =>
          r.method === 'PUT'
            ? (r.body as { step: number }).step
            : (r.body as { path: string; value: number }[]).find((op) => op.path === '/step')!.value,
        );
      expect(steps).toEqual([...Array((i % 4) + 1).keys()]);
      expect(server.get('Notes', written[i]!.id)).toMatchObject({ text: `${i}.${i % 4}` });
    }
  });
});

describe('drain pass: the browser-side work', () => {
  it('stores the answers that came back while the last step ran in one transaction, and reads the queue once per pass', async () => {
    const { layer, server, network, store } = layerWithDelays(() => 10);
    network.online = false;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await layer.upsert('Notes', note({ text: `n${i}` }))).id);
    store.transactionMs = 2;
    const transactionsQueueing = store.transactions;
    store.queueReads = 0;
    const before = layer.queueStats();
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(1_000);
    await draining;
    expect(ids.every((id) => server.get('Notes', id))).toBe(true);
    // Five answers arrive together: the first starts a step (one transaction, 2 ms) storing it and
    // sending the next write; the four that came meanwhile are stored by the next step, which
    // sends four more. So 20 answers cost 8 steps after the first (which only read the queue).
    const after = layer.queueStats();
    expect(after.sent - before.sent).toBe(20);
    expect(after.settled - before.settled).toBe(20);
    expect(after.queueReads - before.queueReads).toBe(1);
    expect(after.steps - before.steps).toBe(1 + 8);
    expect(after.maxOnWire).toBe(WRITES_IN_FLIGHT);
    expect(store.transactions - transactionsQueueing).toBe(1 + 8);
    expect(store.queueReads).toBe(1);
    await settle();
    expect(layer.syncState.get().pendingCount).toBe(0);
  });

  it('sends an edit made during a pass in that pass, reading the queue again', async () => {
    const { layer, server, network, store } = layerWithDelays(() => 10);
    network.online = false;
    for (let i = 0; i < 10; i++) await layer.upsert('Notes', note({ text: `n${i}` }));
    store.queueReads = 0;
    const passes = layer.queueStats().passes;
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(5);
    const late = await layer.upsert('Notes', note({ text: 'typed while sending' }));
    await vi.advanceTimersByTimeAsync(1_000);
    await draining;
    expect(server.get('Notes', late.id)).toMatchObject({ text: 'typed while sending' });
    expect(layer.queueStats().passes - passes).toBe(1);
    expect(store.queueReads).toBe(2);
  });

  it('never sends a delete cancelled by a new edit after the queue was read', async () => {
    const { layer, server, network } = layerWithDelays(() => 50);
    const seeded = server.seed('Notes', { id: 'n1', resourceType: 'Note', partition: 'pat-1', text: 'a' });
    await layer.fetchAll('Notes', { crossPartition: true });
    network.online = false;
    for (let i = 0; i < WRITES_IN_FLIGHT; i++) await layer.upsert('Notes', note({ text: `n${i}` }));
    await layer.remove('Notes', seeded);
    network.goOnline();
    const draining = layer.flush();
    // The queue has been read (the delete is next in line) and five creates are on the wire.
    await vi.advanceTimersByTimeAsync(10);
    expect(writesOf(server.requests)).toHaveLength(WRITES_IN_FLIGHT);
    await layer.upsert('Notes', { ...seeded, text: 'kept after all' });
    await vi.advanceTimersByTimeAsync(1_000);
    await draining;
    expect(
      writesOf(server.requests)
        .filter((r) => idOf(r) === 'n1')
        .map((r) => r.method),
    ).toEqual(['PUT']);
    expect(server.get('Notes', 'n1')).toMatchObject({ text: 'kept after all' });
    expect(server.get('Notes', 'n1')!.meta.isDeleted).toBeUndefined();
  });

  it('when storing answers fails, loses nothing: retries after 2 s under the same keys', async () => {
    const { layer, server, network, store } = layerWithDelays(() => 10);
    network.online = false;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await layer.upsert('Notes', note({ text: `n${i}` }))).id);
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(5); // the three are on the wire
    store.failNext = true; // the step storing their answers fails
    await vi.advanceTimersByTimeAsync(10);
    await draining;
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: 'waiting', pendingCount: 3 });
    expect(writesOf(server.requests)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2_100);
    await settle();
    const puts = writesOf(server.requests);
    expect(puts).toHaveLength(6);
    // The second tries are replays of the first (same keys): each item was created once.
    for (const id of ids) {
      const keys = puts.filter((r) => idOf(r) === id).map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(keys[1]);
      expect(server.get('Notes', id)).toBeDefined();
    }
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: undefined, pendingCount: 0, failed: [] });
  });
});
