import type { Resource } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeenRequest } from '../test-support/fake-server.ts';
import { note, settle, testLayer } from '../test-support/test-layer.ts';
import { WRITES_IN_FLIGHT } from './write-queue.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const idOf = (r: SeenRequest) => r.path.split('/').pop()!;

/**
 * A server that takes `delayFor(request)` ms to answer each write, and records how many writes,
 * and how many of the same item, were on the wire at once.
 */
function slowServer(delayFor: (request: SeenRequest, index: number) => number) {
  const t = testLayer();
  const onWire = new Map<string, number>();
  const seen = { maxOnWire: 0, maxSameItem: 0, writes: 0 };
  t.server.delay = (request) => {
    if (request.method === 'GET') return undefined;
    const id = idOf(request);
    onWire.set(id, (onWire.get(id) ?? 0) + 1);
    seen.maxSameItem = Math.max(seen.maxSameItem, onWire.get(id)!);
    seen.maxOnWire = Math.max(
      seen.maxOnWire,
      [...onWire.values()].reduce((a, b) => a + b, 0),
    );
    const ms = delayFor(request, seen.writes++);
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        onWire.set(id, onWire.get(id)! - 1);
        resolve();
      }, ms),
    );
  };
  return { ...t, seen };
}

/** Offline: `items` notes created, then each edited `rounds` times, edit `n` carrying `order: n`. */
async function queueEdits(layer: ReturnType<typeof testLayer>['layer'], items: number, rounds: number) {
  const written: Resource[] = [];
  let order = 0;
  for (let i = 0; i < items; i++) written.push(await layer.upsert('Notes', note({ text: `note ${i}`, order: order++ })));
  for (let round = 1; round <= rounds; round++) {
    for (let i = 0; i < items; i++) written[i] = await layer.upsert('Notes', { ...written[i]!, order: order++, round });
  }
  return written.map((w) => w.id);
}

describe('write queue: several writes in flight', () => {
  it(`keeps ${WRITES_IN_FLIGHT} writes on the wire, never two of the same item, and each item's writes in order`, async () => {
    // Answers take 1 to 9 ms, so later writes of other items often come back first.
    const { layer, server, network, seen } = slowServer((_, i) => 1 + ((i * 7) % 9));
    network.online = false;
    const ids = await queueEdits(layer, 12, 4);
    network.goOnline();
    const done = layer.flush();
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(WRITES_IN_FLIGHT).toBeGreaterThanOrEqual(4);
    expect(WRITES_IN_FLIGHT).toBeLessThanOrEqual(6);
    expect(seen.maxOnWire).toBe(WRITES_IN_FLIGHT);
    expect(server.maxConcurrent).toBe(WRITES_IN_FLIGHT);
    expect(seen.maxSameItem).toBe(1);
    const writes = server.requests.filter((r) => r.method !== 'GET');
    expect(writes).toHaveLength(12 * 5);
    for (const id of ids) {
      const mine = writes.filter((r) => idOf(r) === id);
      expect(mine.map((r) => r.method)).toEqual(['PUT', 'PATCH', 'PATCH', 'PATCH', 'PATCH']);
      // Each PATCH names the version the write before it made: it left after that answer.
      const orders = mine.map((r) =>
        r.method === 'PUT'
          ? (r.body as { order: number }).order
          : (r.body as { path: string; value: number }[]).find((op) => op.path === '/order')!.value,
      );
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(server.get('Notes', id)).toMatchObject({ round: 4 });
      expect(mine.slice(1).map((r) => r.query.get('versionId'))).toEqual(expect.arrayContaining([expect.stringMatching(/^v\d+$/)]));
    }
    // Writes start in the order they were made (the first pick: the creates).
    expect(writes.slice(0, 12).map(idOf)).toEqual(ids);
    await settle();
    expect(layer.syncState.get()).toMatchObject({ pendingCount: 0, failed: [] });
  });

  it("waits for the answer to an item's write before sending its next, however many other items are free", async () => {
    const { layer, server, network, seen } = slowServer(() => 5);
    network.online = false;
    const one = await layer.upsert('Notes', note({ text: 'v0' }));
    let latest = one;
    for (let i = 1; i <= 10; i++) latest = await layer.upsert('Notes', { ...latest, text: `v${i}` });
    const others: Resource[] = [];
    for (let i = 0; i < 3; i++) others.push(await layer.upsert('Notes', note({ text: `other ${i}` })));
    network.goOnline();
    const done = layer.flush();
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(seen.maxSameItem).toBe(1);
    const mine = server.requests.filter((r) => r.method !== 'GET' && idOf(r) === one.id);
    const texts = mine.map((r) =>
      r.method === 'PUT'
        ? (r.body as { text: string }).text
        : (r.body as { path: string; value: string }[]).find((op) => op.path === '/text')!.value,
    );
    expect(texts).toEqual([...Array(11).keys()].map((i) => `v${i}`));
    expect(server.get('Notes', one.id)).toMatchObject({ text: 'v10' });
    // The other items did not wait for the long item's chain.
    const firstOthers = server.requests.findIndex((r) => r.method !== 'GET' && idOf(r) === others[0]!.id);
    expect(firstOthers).toBeLessThan(3);
  });

  it('stops sending on a 401 while others are in flight, keeps every write, and sends them all after sign-in', async () => {
    const { layer, server, network } = slowServer(() => 10);
    let signedIn = true;
    server.intercept = (r) => (signedIn || r.method === 'GET' ? undefined : { status: 401 });
    network.online = false;
    const ids = await queueEdits(layer, 20, 0);
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(15); // the first five are answered, the next five are on the wire
    signedIn = false;
    await vi.advanceTimersByTimeAsync(600_000);
    await draining;
    // Those on the wire were answered 401; nothing left after that.
    expect(server.writes()).toHaveLength(2 * WRITES_IN_FLIGHT);
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: 'signed-out', pendingCount: 20 - WRITES_IN_FLIGHT });
    signedIn = true;
    const resumed = layer.resume();
    await vi.advanceTimersByTimeAsync(1_000);
    await resumed;
    expect(ids.every((id) => server.get('Notes', id))).toBe(true);
    await settle();
    expect(layer.syncState.get()).toMatchObject({ hold: undefined, pendingCount: 0 });
  });

  it('sends nothing new while a retry is due, then retries the failed write with its key after 2 s', async () => {
    // The third write's answer comes back first, while the other four are still on the wire.
    const { layer, server, network } = slowServer((_, i) => (i === 2 ? 2 : 10));
    network.online = false;
    const ids = await queueEdits(layer, 12, 0);
    const third = ids[2]!;
    // The third write is answered 408 the first time.
    let timedOut = false;
    server.intercept = (r) => (r.method === 'PUT' && idOf(r) === third && !timedOut ? ((timedOut = true), { status: 408 }) : undefined);
    network.goOnline();
    const draining = layer.flush();
    await vi.advanceTimersByTimeAsync(11);
    expect(server.writes()).toHaveLength(WRITES_IN_FLIGHT);
    // Retry due 2 s after the 408: the four others on the wire finish, nothing new leaves.
    await vi.advanceTimersByTimeAsync(1_980);
    expect(server.writes()).toHaveLength(WRITES_IN_FLIGHT);
    expect(layer.syncState.get()).toMatchObject({ hold: 'waiting', retryAt: new Date('2025-03-03T09:00:00Z').getTime() + 2 + 2_000 });
    await vi.advanceTimersByTimeAsync(10); // 1 ms before the retry is due
    expect(server.writes()).toHaveLength(WRITES_IN_FLIGHT);
    await vi.advanceTimersByTimeAsync(1);
    // The retry leaves first: it is the oldest write queued.
    expect(server.writes()[WRITES_IN_FLIGHT]).toBe(`PUT /api/v1/practices/acme/Notes/${third}`);
    await vi.advanceTimersByTimeAsync(1_000);
    await draining;
    const tries = server.requests.filter((r) => r.method === 'PUT' && idOf(r) === third);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.headers['idempotency-key']).toBe(tries[0]!.headers['idempotency-key']);
    expect(ids.every((id) => server.get('Notes', id))).toBe(true);
  });
});
