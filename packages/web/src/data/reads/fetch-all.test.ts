import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../test-support/fake-server.ts';
import { chunks, fetchAll } from './fetch-all.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function serverWith(count: number) {
  const server = new FakeServer();
  for (let i = 0; i < count; i++)
    server.seed('Notes', { id: `n${String(i).padStart(3, '0')}`, resourceType: 'Note', partition: i % 2 ? 'p1' : 'p2' });
  return server;
}

describe('fetchAll', () => {
  it('reads every page of 100, following x-continuation-token', async () => {
    const server = serverWith(250);
    const all = await fetchAll(server.client(), '/api/v1/practices/acme/Notes', { crossPartition: true });
    expect(all).toHaveLength(250);
    expect(server.requests.map((r) => [r.query.get('pageSize'), r.headers['x-continuation-token']])).toEqual([
      ['100', undefined],
      ['100', '100'],
      ['100', '200'],
    ]);
    expect(server.requests[0]!.headers['x-enable-cross-partition']).toBe('true');
  });

  it('posts filters to /queries, with the partition key when given', async () => {
    const server = serverWith(10);
    const found = await fetchAll(server.client(), '/api/v1/practices/acme/Notes', {
      partition: 'p1',
      filters: [{ field: 'partition', op: 'eq', value: 'p1' }],
      orderBy: 'Created',
      order: 'asc',
    });
    expect(found).toHaveLength(5);
    const [request] = server.requests;
    expect([
      request!.method,
      request!.path,
      request!.headers['x-partition-key'],
      request!.query.get('orderBy'),
      request!.query.get('order'),
    ]).toEqual(['POST', '/api/v1/practices/acme/Notes/queries', 'p1', 'Created', 'asc']);
  });

  it('splits lists into chunks', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
