import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { sampleNoteBody } from './note-samples.ts';

/**
 * Practice networks (POST/DELETE /api/v1/database/{name}) and the global collections under
 * /api/v1 (docs/api.md): provisioning is idempotent, removal takes everything the network owns,
 * and practice and global types are each reachable only under their own prefix.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const newName = () => `n-${randomUUID().slice(0, 13)}`;
const inPractice = (name: string, path: string) => `/api/v1/practices/${name}/${path}`;

describe('provisioning', () => {
  it('answers 204, twice, and the network then holds resources', async () => {
    const name = newName();
    const first = await t.request('POST', `/api/v1/database/${name}`);
    expect(first.status).toBe(204);
    expect(first.text).toBe('');
    const patient = await t.request('POST', inPractice(name, 'Patients'), { body: { display: 'Kept' } });
    expect(patient.status).toBe(201);
    // Provisioning again changes nothing.
    expect((await t.request('POST', `/api/v1/database/${name}`)).status).toBe(204);
    const read = await t.request('GET', inPractice(name, `Patients/${patient.body.id}`));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(patient.body);
  });

  it('accepts 2 to 63 lower-case letters, digits or dashes and refuses anything else', async () => {
    for (const name of ['ab', '42', 'a-b-c', `x${'0'.repeat(62)}`]) {
      expect((await t.request('POST', `/api/v1/database/${name}`)).status, name).toBe(204);
    }
    const invalid = ['a', 'Upper', 'ABC', 'under_score', 'dot.name', 'sp%20ace', '%C3%BCmlaut', `x${'0'.repeat(63)}`];
    for (const name of invalid) {
      const r = await t.request('POST', `/api/v1/database/${name}`);
      expect(r.status, name).toBe(400);
      expect(r.body.status).toBe(400);
      expect(typeof r.body.detail).toBe('string');
    }
  });

  it("keeps each network's resources to itself", async () => {
    const name = newName();
    await t.request('POST', `/api/v1/database/${name}`);
    const theirs = await t.request('POST', inPractice(name, 'Patients'), { body: { display: 'Theirs' } });
    expect((await t.request('GET', `Patients/${theirs.body.id}`)).status).toBe(404);
    const ours = await t.request('GET', 'Patients?pageSize=1000');
    expect(ours.body.map((p: any) => p.id)).not.toContain(theirs.body.id);
  });

  it('answers 404 for calls to a network that was never provisioned', async () => {
    const name = newName();
    for (const [method, path, body] of [
      ['GET', 'Patients'],
      ['POST', 'Patients', { display: 'x' }],
      ['POST', 'Patients/queries', []],
      ['GET', 'Patients/some-id'],
    ] as const) {
      const r = await t.request(method, inPractice(name, path), { body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.detail).toBe(MESSAGES.notFound);
    }
  });
});

describe('removal', () => {
  it('answers 204, then the network is gone; provisioned again it is empty', async () => {
    const name = newName();
    await t.request('POST', `/api/v1/database/${name}`);
    const patient = (await t.request('POST', inPractice(name, 'Patients'), { body: { display: 'Doomed' } })).body;
    const note = (await t.request('POST', inPractice(name, 'Notes'), { body: sampleNoteBody(patient.id, 'n') })).body;
    await t.request('PUT', inPractice(name, `Patients/${patient.id}?versionId=${patient.meta.versionId}`), {
      body: { ...patient, display: 'Doomed 2' },
    });
    const key = `key-${randomUUID()}`;
    const keyed = await t.request('POST', inPractice(name, 'Patients'), {
      body: { display: 'Keyed' },
      headers: { 'idempotency-key': key },
    });
    expect(keyed.status).toBe(201);

    const removed = await t.request('DELETE', `/api/v1/database/${name}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    for (const path of ['Patients', `Patients/${patient.id}`, `Patients/${patient.id}/_history`]) {
      const r = await t.request('GET', inPractice(name, path));
      expect(r.status, path).toBe(404);
      expect(r.body.detail).toBe(MESSAGES.notFound);
    }
    expect((await t.request('POST', inPractice(name, 'Patients'), { body: { display: 'late' } })).status).toBe(404);

    expect((await t.request('POST', `/api/v1/database/${name}`)).status).toBe(204);
    const patients = await t.request('GET', inPractice(name, 'Patients'));
    expect(patients.status).toBe(200);
    expect(patients.body).toEqual([]);
    const notes = await t.request('GET', inPractice(name, 'Notes'), { headers: { 'x-enable-cross-partition': 'true' } });
    expect(notes.body).toEqual([]);
    expect((await t.request('GET', inPractice(name, `Patients/${patient.id}`))).status).toBe(404);
    expect((await t.request('GET', inPractice(name, `Patients/${patient.id}/_history`))).status).toBe(404);
    expect((await t.request('GET', inPractice(name, `Notes/${note.id}`))).status).toBe(404);
    // Its versions are gone too: the old id can be created afresh with a single version.
    const reused = await t.request('PUT', inPractice(name, `Patients/${patient.id}`), { body: { id: patient.id, display: 'New life' } });
    expect(reused.status).toBe(201);
    const history = await t.request('GET', inPractice(name, `Patients/${patient.id}/_history`));
    expect(history.body).toHaveLength(1);
    // And its idempotency keys: the old key now starts a new request instead of replaying.
    const again = await t.request('POST', inPractice(name, 'Patients'), {
      body: { display: 'Other' },
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(keyed.body.id);
  });

  it('leaves other networks and global collections alone', async () => {
    const name = newName();
    await t.request('POST', `/api/v1/database/${name}`);
    const ours = (await t.request('POST', 'Patients', { body: { display: 'Survivor' } })).body;
    const announcement = (await t.request('POST', '/api/v1/Announcements', { body: { display: `a ${name}` } })).body;
    expect((await t.request('DELETE', `/api/v1/database/${name}`)).status).toBe(204);
    expect((await t.request('GET', `Patients/${ours.id}`)).status).toBe(200);
    expect((await t.request('GET', `/api/v1/Announcements/${announcement.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown network, or one already removed, and 400 for an invalid name', async () => {
    const unknown = await t.request('DELETE', `/api/v1/database/${newName()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(MESSAGES.notFound);
    const name = newName();
    await t.request('POST', `/api/v1/database/${name}`);
    expect((await t.request('DELETE', `/api/v1/database/${name}`)).status).toBe(204);
    expect((await t.request('DELETE', `/api/v1/database/${name}`)).status).toBe(404);
    expect((await t.request('DELETE', '/api/v1/database/Not_Valid')).status).toBe(400);
  });
});

describe('global collections', () => {
  it('Announcements work under /api/v1 without a practice network', async () => {
    const display = `Maintenance ${randomUUID().slice(0, 8)}`;
    const created = await t.request('POST', '/api/v1/Announcements', { body: { display } });
    expect(created.status).toBe(201);
    expect(created.body.resourceType).toBe('Announcement');
    expect(created.body.partition).toBeUndefined();
    const read = await t.request('GET', `/api/v1/Announcements/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    const found = await t.request('POST', '/api/v1/Announcements/queries', { body: [{ field: 'display', op: 'eq', value: display }] });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([created.body]);
    const updated = await t.request('PUT', `/api/v1/Announcements/${created.body.id}?versionId=${created.body.meta.versionId}`, {
      body: { ...created.body, display: `${display}!` },
    });
    expect(updated.status).toBe(200);
    expect((await t.request('GET', `/api/v1/Announcements/${created.body.id}/_history`)).body).toHaveLength(2);
    const list = await t.request('GET', '/api/v1/Announcements?pageSize=1');
    expect(list.status).toBe(200);
  });

  it('a practice type is not reachable under /api/v1', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v1/Patients'],
      ['POST', '/api/v1/Patients', { display: 'x' }],
      ['POST', '/api/v1/Patients/queries', []],
      ['GET', '/api/v1/Notes'],
    ] as const) {
      const r = await t.request(method, path, { body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.detail).toBe(MESSAGES.notFound);
    }
    const patient = (await t.request('POST', 'Patients', { body: { display: 'Local' } })).body;
    expect((await t.request('GET', `/api/v1/Patients/${patient.id}`)).status).toBe(404);
  });

  it('a global type is not reachable under a practice network', async () => {
    const announcement = (await t.request('POST', '/api/v1/Announcements', { body: { display: 'Global' } })).body;
    for (const [method, path, body] of [
      ['GET', 'Announcements'],
      ['POST', 'Announcements', { display: 'x' }],
      ['GET', `Announcements/${announcement.id}`],
      ['GET', 'KeyVaults'],
    ] as const) {
      const r = await t.request(method, path, { body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
  });

  it('global types are unpartitioned and keep their delete rules', async () => {
    const list = await t.request('GET', '/api/v1/Announcements', { headers: { 'x-partition-key': 'patient-1' } });
    expect(list.status).toBe(400);
    const refused = await t.request('POST', '/api/v1/Announcements', { body: { display: 'x', partition: 'patient-1' } });
    expect(refused.status).toBe(400);
    const vault = (await t.request('POST', '/api/v1/KeyVaults', { body: { display: 'vault' } })).body;
    const del = await t.request('DELETE', `/api/v1/KeyVaults/${vault.id}?versionId=${vault.meta.versionId}`);
    expect(del.status).toBe(405);
    expect(del.body.detail).toBe(MESSAGES.deleteUnsupported('KeyVault'));
  });
});
