import { afterEach, describe, expect, it } from 'vitest';
import type { DataLayer, FailedUpsert } from '../../data/index.ts';
import { testLayer } from '../../data/test-support/test-layer.ts';
import { awaitSaveOutcome, refusalMessage } from './save-outcome.ts';

const failure = (status: number, detail?: string): FailedUpsert => ({
  hash: 'h',
  collection: 'SecurityRoles',
  id: 'r1',
  operation: 'upsert',
  item: { resourceType: 'SecurityRole', id: 'r1', meta: { versionId: 'v', lastModified: '' } },
  lastAttempt: 0,
  status,
  detail,
});

describe('refusalMessage', () => {
  it("says section 8's words for the status, and the server's detail when it adds something", () => {
    expect(refusalMessage(failure(403))).toBe("You don't have permissions to perform this action.");
    expect(refusalMessage(failure(403, "You don't have permissions to perform this action."))).toBe(
      "You don't have permissions to perform this action.",
    );
    expect(refusalMessage(failure(400, 'GrantSet Everything is not defined.'))).toBe('GrantSet Everything is not defined.');
    expect(refusalMessage(failure(409))).toBe('Your changes conflict with those made concurrently by another user.');
  });
});

describe('awaitSaveOutcome', () => {
  let layer: DataLayer | undefined;
  afterEach(() => layer?.dispose());

  it('answers saved when the server takes the write', async () => {
    const t = testLayer();
    layer = t.layer;
    const since = Date.now();
    const saved = await layer.upsert('Programs', { resourceType: 'Program', name: 'Youth' });
    expect(await awaitSaveOutcome(layer, 'Programs', saved.id, since)).toEqual({ kind: 'saved' });
    expect(t.server.get('Programs', saved.id)).toMatchObject({ name: 'Youth' });
  });

  it("answers refused, with the server's status, when the server refuses it", async () => {
    const t = testLayer();
    layer = t.layer;
    t.server.intercept = (r) => (r.method !== 'GET' && r.path.includes('/SecurityRoles') ? { status: 403 } : undefined);
    const since = Date.now();
    const saved = await layer.upsert('SecurityRoles', {
      resourceType: 'SecurityRole',
      name: 'Everything',
      grantSets: ['Full permissions'],
    });
    const outcome = await awaitSaveOutcome(layer, 'SecurityRoles', saved.id, since);
    expect(outcome).toMatchObject({ kind: 'refused', failure: { status: 403, id: saved.id } });
  });

  it('answers queued while offline: the edit waits on the device', async () => {
    const t = testLayer();
    layer = t.layer;
    t.network.goOffline();
    const saved = await layer.upsert('Programs', { resourceType: 'Program', name: 'Offline' });
    expect(await awaitSaveOutcome(layer, 'Programs', saved.id, Date.now())).toEqual({ kind: 'queued' });
    expect(t.server.get('Programs', saved.id)).toBeUndefined();
  });
});
