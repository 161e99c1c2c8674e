import { MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { sampleNoteBody } from '../../test/note-samples.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const patient = (display: string, extra: Record<string, unknown> = {}) => ({ display, birthDate: '1990-02-03', ...extra });

describe('create and read', () => {
  it('assigns id, versionId, lastModified and lastModifiedBy, and reads it back', async () => {
    const staff = await t.createUser({ roles: ['Administrative'] });
    const created = await staff.client.request('POST', 'Patients', {
      body: patient('Ada Lovelace'),
      headers: { 'x-profile': `Practitioner/${staff.profile.id}` },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.resourceType).toBe('Patient');
    expect(created.body.meta.versionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.body.meta.lastModified)).toBeGreaterThan(Date.now() - 60_000);
    expect(created.body.meta.lastModifiedBy).toEqual(staff.profile);
    expect(created.headers.get('x-request-id')).toBeTruthy();
    expect(created.headers.get('server-timing')).toMatch(/db;dur=[\d.]+/);

    const read = await t.request('GET', `Patients/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('refuses a create that already has an id, and client-sent meta is ignored', async () => {
    const withId = await t.request('POST', 'Patients', { body: { ...patient('X'), id: 'abc' } });
    expect(withId.status).toBe(400);
    expect(withId.body.detail).toBe(MESSAGES.createWithId);

    const forged = await t.request('POST', 'Patients', { body: { ...patient('Y'), meta: { versionId: 'forged', isDeleted: true } } });
    expect(forged.status).toBe(201);
    expect(forged.body.meta.versionId).not.toBe('forged');
    expect(forged.body.meta.isDeleted).toBeUndefined();
  });

  it('answers 404 with the spec message for unknown ids, collections and practices', async () => {
    const missing = await t.request('GET', 'Patients/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ title: 'Not Found', status: 404, detail: MESSAGES.notFound });
    expect((await t.request('GET', 'Nonsense')).status).toBe(404);
    expect((await t.request('GET', '/api/v1/practices/not-provisioned/Patients')).status).toBe(404);
  });

  it('requires a partition for patient-partitioned types', async () => {
    // A note valid in every other way (sampleNoteBody), so the refusal is the missing partition's.
    const noPartition = await t.request('POST', 'Notes', { body: { ...sampleNoteBody('patient-1', 'n'), partition: undefined } });
    expect(noPartition.status).toBe(400);
    expect(noPartition.body.detail).toContain('partition');
    const ok = await t.request('POST', 'Notes', { body: sampleNoteBody('patient-1', 'n') });
    expect(ok.status).toBe(201);
    expect(ok.body.partition).toBe('patient-1');
  });

  it('refuses malformed and oversized bodies with 400 and 413, not a crash', async () => {
    const bad = await t.request('POST', 'Patients', { raw: '{"display": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('The request body is not valid JSON.');
    const array = await t.request('POST', 'Patients', { body: [1, 2] });
    expect(array.status).toBe(400);
    const huge = await t.request('POST', 'Patients', { body: { display: 'x'.repeat(5 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
  });
});

describe('update, patch, delete and history', () => {
  it('keeps every version and answers 409 for a stale versionId', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: patient('Grace Hopper') })).body;
    const v2 = await t.request('PUT', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, { body: { ...v1, display: 'Grace B. Hopper' } });
    expect(v2.status).toBe(200);
    expect(v2.body.meta.versionId).not.toBe(v1.meta.versionId);
    expect(v2.body.created).toBe(v1.created);

    const stale = await t.request('PUT', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, { body: { ...v1, display: 'lost' } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(MESSAGES.conflict);

    const patched = await t.request('PATCH', `Patients/${v1.id}?versionId=${v2.body.meta.versionId}`, {
      body: [{ op: 'replace', path: '/display', value: 'Rear Admiral Hopper' }],
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.display).toBe('Rear Admiral Hopper');

    const history = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(history.body.map((v: any) => v.display)).toEqual(['Rear Admiral Hopper', 'Grace B. Hopper', 'Grace Hopper']);
    expect(history.body[0].meta.isHistorical).toBeUndefined();
    expect(history.body[2].meta.isHistorical).toBe(true);

    const old = await t.request('GET', `Patients/${v1.id}/_history/${v1.meta.versionId}`);
    expect(old.status).toBe(200);
    expect(old.body.display).toBe('Grace Hopper');
  });

  it('refuses patches of read-only paths and leaves the resource as it was', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: patient('Alan Turing') })).body;
    for (const path of ['/id', '/meta/versionId', '/resourceType', '/partition']) {
      const refused = await t.request('PATCH', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
        body: [
          { op: 'replace', path: '/display', value: 'changed' },
          { op: 'add', path, value: 'x' },
        ],
        headers: { 'content-type': 'application/json-patch+json' },
      });
      expect(refused.status).toBe(400);
    }
    const after = await t.request('GET', `Patients/${v1.id}`);
    expect(after.body).toEqual(v1);
  });

  it('deletes softly: 410 afterwards, a tombstone in history, 404/410 on repeats', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: patient('Temp') })).body;
    const noVersion = await t.request('DELETE', `Patients/${v1.id}`);
    expect(noVersion.status).toBe(400);
    const deleted = await t.request('DELETE', `Patients/${v1.id}?versionId=${v1.meta.versionId}`);
    expect(deleted.status).toBe(204);
    const read = await t.request('GET', `Patients/${v1.id}`);
    expect(read.status).toBe(410);
    expect(read.body.detail).toBe(MESSAGES.gone);
    const again = await t.request('DELETE', `Patients/${v1.id}?versionId=${v1.meta.versionId}`);
    expect(again.status).toBe(410);
    const history = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(history.body[0].meta.isDeleted).toBe(true);
    expect(history.body).toHaveLength(2);
  });

  it('refuses deleting a type that does not support delete', async () => {
    const prefs = (await t.request('POST', 'PracticePreferences', { body: { display: 'prefs' } })).body;
    const refused = await t.request('DELETE', `PracticePreferences/${prefs.id}?versionId=${prefs.meta.versionId}`);
    expect(refused.status).toBe(405);
    expect(refused.body.detail).toBe(MESSAGES.deleteUnsupported('PracticePreferences'));
  });

  it('PUT of an unknown id creates it (an offline upsert), then needs the version', async () => {
    const id = `offline-${Date.now()}`;
    const created = await t.request('PUT', `Patients/${id}`, { body: { ...patient('Offline'), id } });
    expect(created.status).toBe(201);
    const blind = await t.request('PUT', `Patients/${id}`, { body: { ...patient('Blind'), id } });
    expect(blind.status).toBe(409);
  });
});
