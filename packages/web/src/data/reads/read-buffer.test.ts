import type { Resource } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, testLayer } from '../test-support/test-layer.ts';
import { ReadBuffer } from './read-buffer.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const group = { practiceId: 'acme', collection: 'Patients' };

describe('ReadBuffer (buffer debounce 200 ms)', () => {
  it('turns reads of one collection within the window into one fetch', async () => {
    const fetchIds = vi.fn(async (_g: unknown, ids: string[]) => ids.filter((id) => id !== 'missing').map((id) => ({ id }) as Resource));
    const buffer = new ReadBuffer(fetchIds);
    const reads = [buffer.read(group, 'a'), buffer.read(group, 'b'), buffer.read(group, 'a'), buffer.read(group, 'missing')];
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchIds).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchIds).toHaveBeenCalledTimes(1);
    expect(fetchIds.mock.calls[0]![1]).toEqual(['a', 'b', 'missing']);
    expect((await Promise.all(reads)).map((r) => r?.id)).toEqual(['a', 'b', 'a', undefined]);
  });

  it('restarts the window with each read, and keeps other groups apart', async () => {
    const fetchIds = vi.fn(async () => [] as Resource[]);
    const buffer = new ReadBuffer(fetchIds);
    void buffer.read(group, 'a');
    await vi.advanceTimersByTimeAsync(150);
    void buffer.read(group, 'b');
    void buffer.read({ ...group, collection: 'Notes', partition: 'p1' }, 'c');
    await vi.advanceTimersByTimeAsync(150);
    expect(fetchIds).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(fetchIds.mock.calls.map((c) => (c as unknown[])[1])).toEqual([['a', 'b'], ['c']]);
  });

  it('asks for at most 100 ids per query', async () => {
    const fetchIds = vi.fn(async () => [] as Resource[]);
    const buffer = new ReadBuffer(fetchIds);
    for (let i = 0; i < 250; i++) void buffer.read(group, `id${i}`);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchIds.mock.calls.map((c) => ((c as unknown[])[1] as string[]).length)).toEqual([100, 100, 50]);
  });

  it('tells each read when its query left, after the window, not when it was asked for', async () => {
    const buffer = new ReadBuffer(async () => [] as Resource[]);
    const sent: [string, number][] = [];
    const start = Date.now();
    void buffer.read(group, 'a', () => sent.push(['a', Date.now() - start]));
    await vi.advanceTimersByTimeAsync(150);
    void buffer.read(group, 'b', () => sent.push(['b', Date.now() - start]));
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual([
      ['a', 350],
      ['b', 350],
    ]);
  });

  it('rejects every read of a chunk whose query failed', async () => {
    const buffer = new ReadBuffer(async () => {
      throw new Error('boom');
    });
    const read = buffer.read(group, 'a');
    const seen = read.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(200);
    expect(await seen).toBe('boom');
  });
});

describe('useResource reads through the buffer', () => {
  it('makes many resource watches of one collection into one query id in [...]', async () => {
    const { layer, server } = testLayer();
    for (const id of ['a', 'b', 'c']) server.seed('Patients', { id, resourceType: 'Patient', display: id.toUpperCase() });
    const watches = ['a', 'b', 'c', 'gone'].map((id) => layer.watchResource('Patients', id));
    const stops = watches.map((w) => w.subscribe(() => undefined));
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe('/api/v1/practices/acme/Patients/queries');
    expect(server.requests[0]!.body).toEqual([{ field: 'id', op: 'in', value: ['a', 'b', 'c', 'gone'] }]);
    expect(watches.map((w) => w.get().item?.display)).toEqual(['A', 'B', 'C', undefined]);
    expect(watches[3]!.get()).toMatchObject({ loading: false, error: { status: 404 } });
    stops.forEach((stop) => stop());
  });

  it('reads patient-partitioned types across partitions unless a partition is given', async () => {
    const { layer, server } = testLayer();
    const a = layer.watchResource('Notes', 'n1').subscribe(() => undefined);
    const b = layer.watchResource('Notes', 'n2', { partition: 'p1' }).subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.requests.map((r) => [r.headers['x-enable-cross-partition'], r.headers['x-partition-key']])).toEqual([
      ['true', undefined],
      [undefined, 'p1'],
    ]);
    a();
    b();
  });
});
