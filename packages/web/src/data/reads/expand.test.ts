import type { Reference } from '@caseload/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testLayer } from '../test-support/test-layer.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('expand (reference expansion in chunks of 100)', () => {
  it('fetches targets by id lists of at most 100, across partitions', async () => {
    const { layer, server, store } = testLayer();
    const refs: Reference[] = [];
    for (let i = 0; i < 250; i++) {
      const id = `e${String(i).padStart(3, '0')}`;
      server.seed('Encounters', { id, resourceType: 'Encounter', partition: 'p1' });
      refs.push({ resourceType: 'Encounter', id });
    }
    refs.push({ resourceType: 'Encounter', id: 'missing' }, { resourceType: 'Encounter', id: 'e000' });
    const found = await layer.expand(refs);
    const queries = server.requests.filter((r) => r.path.endsWith('/Encounters/queries'));
    expect(queries.map((q) => (q.body as [{ value: string[] }])[0].value.length)).toEqual([100, 100, 51]);
    expect(queries.every((q) => q.headers['x-enable-cross-partition'] === 'true')).toBe(true);
    expect(found.size).toBe(250);
    expect(found.get('Encounter/e042')?.id).toBe('e042');
    expect(found.has('Encounter/missing')).toBe(false);
    expect(await store.getItem('Encounters', 'e042')).toBeDefined();
  });

  it('finds versioned references by version-id lists, and reads older versions from history once', async () => {
    const { layer, server, store } = testLayer();
    const current = server.seed('Practitioners', { id: 'pr1', resourceType: 'Practitioner', display: 'Dr A' });
    server.intercept = (r) =>
      r.path.endsWith('/_history/v-old')
        ? { status: 200, body: { ...current, display: 'Dr A (then)', meta: { versionId: 'v-old', lastModified: 'x' } } }
        : undefined;
    const refs: Reference[] = [
      { resourceType: 'Practitioner', id: 'pr1', versionId: current.meta.versionId },
      { resourceType: 'Practitioner', id: 'pr1', versionId: 'v-old' },
    ];
    const found = await layer.expand(refs);
    expect(found.get(`Practitioner/pr1/_history/${current.meta.versionId}`)?.display).toBe('Dr A');
    expect(found.get('Practitioner/pr1/_history/v-old')?.display).toBe('Dr A (then)');
    expect(server.requests[0]!.body).toEqual([{ field: 'meta.versionId', op: 'in', value: [current.meta.versionId, 'v-old'] }]);
    expect(await store.getHistorical('Practitioners', 'pr1', 'v-old')).toBeDefined();
    const before = server.requests.length;
    expect((await layer.readVersion('Practitioners', 'pr1', 'v-old'))?.display).toBe('Dr A (then)');
    expect(server.requests).toHaveLength(before);
  });
});
