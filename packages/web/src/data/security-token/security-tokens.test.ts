import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { note, settle, testLayer } from '../test-support/test-layer.ts';
import { memoryTokenStorage } from './token-storage.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function tokenLayer() {
  const tokenStorage = memoryTokenStorage();
  const t = testLayer({ tokenStorage });
  return { ...t, tokenStorage };
}

const tokenRequests = (server: ReturnType<typeof testLayer>['server']) =>
  server.requests
    .filter((r) => r.path.includes('/SecurityTokens'))
    .map((r) => `${r.method} ${r.path.replace('/api/v1/practices/acme', '')}`);

describe('security-token lifecycle (SPEC.md section 4)', () => {
  it('opening a patient creates the token; it is then sent as id:versionId to that practice only', async () => {
    const { layer, server, tokenStorage } = tokenLayer();
    await layer.openPatient('pat-1');
    const create = server.requests[0]!;
    expect([create.method, create.path]).toEqual(['POST', '/api/v1/practices/acme/SecurityTokens']);
    expect(create.body).toEqual({ resourceType: 'SecurityToken', patientAllowances: [{ resourceType: 'Patient', id: 'pat-1' }] });
    const token = tokenStorage.load()!;
    expect(token).toMatchObject({ patients: ['pat-1'], practiceId: 'acme' });
    await layer.fetchAll('Patients');
    await layer.fetchAll('Announcements');
    expect(server.requests[1]!.headers['x-security-token']).toBe(`${token.id}:${token.versionId}`);
    expect(server.requests[2]!.headers['x-security-token']).toBeUndefined();
  });

  it('opening another patient adds it with a PUT at the token version', async () => {
    const { layer, server, tokenStorage } = tokenLayer();
    await layer.openPatient('pat-1');
    const first = tokenStorage.load()!;
    await layer.openPatient('pat-2');
    await layer.openPatient('pat-2');
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/api/v1/practices/acme/SecurityTokens/${first.id}`);
    expect(put.query.get('versionId')).toBe(first.versionId);
    expect(put.body).toMatchObject({
      patientAllowances: [
        { resourceType: 'Patient', id: 'pat-1' },
        { resourceType: 'Patient', id: 'pat-2' },
      ],
    });
    expect(put.body).not.toHaveProperty('meta');
    expect(tokenStorage.load()).toMatchObject({ id: first.id, patients: ['pat-1', 'pat-2'] });
    expect(tokenRequests(server)).toHaveLength(2);
  });

  it('closing removes the patient; closing the last deletes the token and clears patient data only', async () => {
    const { layer, server, store, tokenStorage } = tokenLayer();
    server.seed('Practitioners', { id: 'me', resourceType: 'Practitioner' });
    await layer.fetchAll('Practitioners');
    await layer.openPatient('pat-1');
    await layer.openPatient('pat-2');
    await layer.upsert('Notes', note({ partition: 'pat-1' }));
    await layer.flush();
    await layer.closePatient('pat-1');
    expect(tokenStorage.load()?.patients).toEqual(['pat-2']);
    expect(await store.listItems('Notes')).toHaveLength(1);
    const last = tokenStorage.load()!;
    await layer.closePatient('pat-2');
    expect(tokenRequests(server).slice(-1)).toEqual([`DELETE /SecurityTokens/${last.id}`]);
    expect(server.requests.at(-1)!.query.get('versionId')).toBe(last.versionId);
    expect(tokenStorage.load()).toBeUndefined();
    expect(await store.listItems('Notes')).toEqual([]);
    expect(await store.listItems('Practitioners')).toHaveLength(1);
  });

  it('a close followed at once by a reopen (a remount) keeps the token', async () => {
    const { layer, server, tokenStorage } = tokenLayer();
    const opened = layer.openPatient('pat-1');
    const closed = layer.closePatient('pat-1');
    const reopened = layer.openPatient('pat-1');
    await Promise.all([opened, closed, reopened]);
    expect(tokenRequests(server)).toEqual(['POST /SecurityTokens']);
    expect(tokenStorage.load()?.patients).toEqual(['pat-1']);
    expect(layer.openPatients()).toEqual(['pat-1']);
  });

  it('drops an expired token before the next request', async () => {
    const { layer, server, tokenStorage } = tokenLayer();
    await layer.openPatient('pat-1');
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    await layer.fetchAll('Patients');
    expect(server.requests.at(-1)!.headers['x-security-token']).toBeUndefined();
    expect(tokenStorage.load()).toBeUndefined();
  });

  it('drops the token the server calls invalid (1001) or expired (1002), but not a newer one than it was sent', async () => {
    for (const subStatus of [1001, 1002]) {
      const { layer, server, tokenStorage } = tokenLayer();
      await layer.openPatient('pat-1');
      const refused = tokenStorage.load()!;
      server.intercept = (r) =>
        r.method === 'GET' ? { status: 403, body: { title: 'Forbidden', status: 403, detail: 'x', subStatus } } : undefined;
      await layer.fetchAll('Patients').catch(() => undefined);
      expect(tokenStorage.load()).toBeUndefined();
      // The patient is still open here, so a new token covers them.
      await settle();
      expect(tokenStorage.load()).toMatchObject({ patients: ['pat-1'] });
      expect(tokenStorage.load()!.id).not.toBe(refused.id);
      layer.dispose();
    }
    const { layer, api, server, tokenStorage } = tokenLayer();
    await layer.openPatient('pat-1');
    const current = tokenStorage.load()!;
    server.intercept = (r) =>
      r.method === 'GET' ? { status: 403, body: { title: 'Forbidden', status: 403, detail: 'x', subStatus: 1001 } } : undefined;
    // A request that left with an older version (it raced an update) does not drop the current token.
    await api
      .get('/api/v1/practices/acme/Patients', { headers: { 'x-security-token': `${current.id}:old-version` } })
      .catch(() => undefined);
    expect(tokenStorage.load()).toEqual(current);
  });

  it('after a 409 on the update, starts from the server version and tries once more', async () => {
    const { layer, server, tokenStorage } = tokenLayer();
    await layer.openPatient('pat-1');
    const { id } = tokenStorage.load()!;
    // Another tab added a patient meanwhile.
    server.seed('SecurityTokens', {
      ...server.get('SecurityTokens', id)!,
      patientAllowances: [
        { resourceType: 'Patient', id: 'pat-1' },
        { resourceType: 'Patient', id: 'pat-9' },
      ],
    });
    await layer.openPatient('pat-2');
    expect(tokenRequests(server)).toEqual([
      'POST /SecurityTokens',
      `PUT /SecurityTokens/${id}`,
      `GET /SecurityTokens/${id}`,
      `PUT /SecurityTokens/${id}`,
    ]);
    expect(tokenStorage.load()?.patients).toEqual(['pat-1', 'pat-9', 'pat-2']);
  });

  it('a patient opened offline gets its token when the connection is back', async () => {
    const { layer, server, network, tokenStorage } = tokenLayer();
    server.intercept = () => 'network';
    await expect(layer.openPatient('pat-1')).rejects.toThrow();
    server.intercept = () => undefined;
    network.goOnline();
    await settle();
    expect(tokenStorage.load()?.patients).toEqual(['pat-1']);
  });
});
