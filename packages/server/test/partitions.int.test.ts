import { MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { sampleNoteBody } from './note-samples.ts';

/**
 * Patient partitions (docs/api.md, x-partition-key and x-enable-cross-partition): a partitioned
 * list names one patient or asks for all explicitly; a read by id outside the named partition is
 * a 404, so ids cannot be probed; the partition of a resource never changes.
 */

let t: TestServer;
const patients: string[] = [];
const notesOf = new Map<string, any[]>();
const PATCH = { 'content-type': 'application/json-patch+json' };

beforeAll(async () => {
  t = await startTestServer();
  for (const name of ['Ada', 'Bea', 'Cy']) {
    const patient = await t.request('POST', 'Patients', { body: { display: name } });
    patients.push(patient.body.id);
  }
  for (const [i, patient] of patients.entries()) {
    const notes = [];
    for (let n = 0; n < i + 2; n++) {
      const note = await t.request('POST', 'Notes', { body: sampleNoteBody(patient, `note ${n} of ${patient}`) });
      expect(note.status).toBe(201);
      notes.push(note.body);
    }
    notesOf.set(patient, notes);
  }
});
afterAll(() => t?.close());

const ids = (list: any[]) => list.map((r) => r.id).sort();
const allNotes = () => [...notesOf.values()].flat();

describe('listing a partitioned type', () => {
  it('without a partition key or the cross-partition flag is a 400 that says what to send', async () => {
    for (const [method, path, body] of [
      ['GET', 'Notes'],
      ['POST', 'Notes/queries', []],
    ] as const) {
      const r = await t.request(method, path, { body });
      expect(r.status).toBe(400);
      expect(r.body.detail).toContain('x-partition-key');
      expect(r.body.detail).toContain('x-enable-cross-partition');
    }
    const count = await t.request('POST', 'Notes/queries', { body: [], headers: { prefer: 'return=minimal' } });
    expect(count.status).toBe(400);
    const off = await t.request('GET', 'Notes', { headers: { 'x-enable-cross-partition': 'false' } });
    expect(off.status).toBe(400);
  });

  it("with x-partition-key lists only that patient's resources", async () => {
    for (const patient of patients) {
      const r = await t.request('GET', 'Notes', { headers: { 'x-partition-key': patient } });
      expect(r.status).toBe(200);
      expect(ids(r.body)).toEqual(ids(notesOf.get(patient)!));
      const q = await t.request('POST', 'Notes/queries', { body: [], headers: { 'x-partition-key': patient } });
      expect(ids(q.body)).toEqual(ids(notesOf.get(patient)!));
      const count = await t.request('POST', 'Notes/queries', {
        body: [],
        headers: { 'x-partition-key': patient, prefer: 'return=minimal' },
      });
      expect(count.headers.get('x-total-count')).toBe(String(notesOf.get(patient)!.length));
    }
    const nobody = await t.request('GET', 'Notes', { headers: { 'x-partition-key': 'no-such-patient' } });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual([]);
  });

  it('a filter on partition cannot widen a partition-key list', async () => {
    const [a, b] = patients as [string, string];
    const r = await t.request('POST', 'Notes/queries', {
      body: [{ field: 'partition', op: 'eq', value: b }],
      headers: { 'x-partition-key': a },
    });
    expect(r.body).toEqual([]);
  });

  it("with x-enable-cross-partition: true lists every patient's resources", async () => {
    const r = await t.request('GET', 'Notes', { headers: { 'x-enable-cross-partition': 'true' } });
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual(ids(allNotes()));
    const count = await t.request('POST', 'Notes/queries', {
      body: [],
      headers: { 'x-enable-cross-partition': 'true', prefer: 'return=minimal' },
    });
    expect(count.headers.get('x-total-count')).toBe(String(allNotes().length));
  });

  it('pages across partitions and within one', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const headers: Record<string, string> = { 'x-enable-cross-partition': 'true' };
      if (token) headers['x-continuation-token'] = token;
      const page = await t.request('GET', 'Notes?pageSize=2&orderBy=Created&order=asc', { headers });
      seen.push(...page.body.map((n: any) => n.id));
      token = page.headers.get('x-continuation-token');
    } while (token);
    expect(seen.sort()).toEqual(ids(allNotes()));

    // A token from one partition is not a token for another.
    const [a, , c] = patients as [string, string, string];
    const first = await t.request('GET', 'Notes?pageSize=1', { headers: { 'x-partition-key': c } });
    const fromC = first.headers.get('x-continuation-token')!;
    expect(fromC).toBeTruthy();
    const reused = await t.request('GET', 'Notes?pageSize=1', { headers: { 'x-partition-key': a, 'x-continuation-token': fromC } });
    expect(reused.status).toBe(400);
  });

  it('refuses a cross-partition flag that is not true or false', async () => {
    for (const value of ['yes', '1', 'TRUE']) {
      const r = await t.request('GET', 'Notes', { headers: { 'x-enable-cross-partition': value } });
      expect(r.status, value).toBe(400);
    }
  });

  it('refuses x-partition-key on an unpartitioned type', async () => {
    const list = await t.request('GET', 'Patients', { headers: { 'x-partition-key': patients[0]! } });
    expect(list.status).toBe(400);
    expect(list.body.detail).toContain('Patient');
    const query = await t.request('POST', 'Patients/queries', { body: [], headers: { 'x-partition-key': patients[0]! } });
    expect(query.status).toBe(400);
    const count = await t.request('POST', 'Patients/queries', {
      body: [],
      headers: { 'x-partition-key': patients[0]!, prefer: 'return=minimal' },
    });
    expect(count.status).toBe(400);
    // The flag alone is harmless on an unpartitioned type.
    const flagged = await t.request('GET', 'Patients', { headers: { 'x-enable-cross-partition': 'true' } });
    expect(flagged.status).toBe(200);
  });
});

describe('reading a partitioned resource by id', () => {
  it('answers with the right partition key, and without one', async () => {
    const [a] = patients as [string];
    const note = notesOf.get(a)![0];
    const right = await t.request('GET', `Notes/${note.id}`, { headers: { 'x-partition-key': a } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual(note);
    expect((await t.request('GET', `Notes/${note.id}`)).status).toBe(200);
  });

  it('is a 404, not a 403, under another partition key: the same answer as an unknown id', async () => {
    const [a, b] = patients as [string, string];
    const note = notesOf.get(a)![0];
    const wrong = await t.request('GET', `Notes/${note.id}`, { headers: { 'x-partition-key': b } });
    const unknown = await t.request('GET', 'Notes/no-such-note', { headers: { 'x-partition-key': b } });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ title: 'Not Found', status: 404, detail: MESSAGES.notFound });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('is a 404 under another partition key for a deleted resource too (no 410 that confirms it exists)', async () => {
    const [a, b] = patients as [string, string];
    const note = (await t.request('POST', 'Notes', { body: sampleNoteBody(a, 'to delete') })).body;
    expect((await t.request('DELETE', `Notes/${note.id}?versionId=${note.meta.versionId}`)).status).toBe(204);
    expect((await t.request('GET', `Notes/${note.id}`, { headers: { 'x-partition-key': a } })).status).toBe(410);
    expect((await t.request('GET', `Notes/${note.id}`, { headers: { 'x-partition-key': b } })).status).toBe(404);
  });

  it('is a 404 under another partition key for the version list and old versions as well', async () => {
    const [a, b] = patients as [string, string];
    const note = notesOf.get(a)![1];
    const history = await t.request('GET', `Notes/${note.id}/_history`, { headers: { 'x-partition-key': b } });
    const version = await t.request('GET', `Notes/${note.id}/_history/${note.meta.versionId}`, { headers: { 'x-partition-key': b } });
    expect([history.status, version.status]).toEqual([404, 404]);
    const own = await t.request('GET', `Notes/${note.id}/_history`, { headers: { 'x-partition-key': a } });
    expect(own.status).toBe(200);
  });
});

describe('the partition of a resource never changes', () => {
  it('PUT keeps the original partition whatever the body says', async () => {
    const [a, b] = patients as [string, string];
    const note = (await t.request('POST', 'Notes', { body: sampleNoteBody(a, 'moving?') })).body;
    const put = await t.request('PUT', `Notes/${note.id}?versionId=${note.meta.versionId}`, {
      body: { ...note, display: 'still here', partition: b },
    });
    expect(put.status).toBe(200);
    expect(put.body.partition).toBe(a);
    const read = await t.request('GET', `Notes/${note.id}`, { headers: { 'x-partition-key': a } });
    expect(read.body.partition).toBe(a);
    expect(read.body.display).toBe('still here');
    const inB = await t.request('GET', 'Notes', { headers: { 'x-partition-key': b } });
    expect(inB.body.map((n: any) => n.id)).not.toContain(note.id);
    expect((await t.request('GET', `Notes/${note.id}`, { headers: { 'x-partition-key': b } })).status).toBe(404);

    const history = await t.request('GET', `Notes/${note.id}/_history`);
    expect(history.body.map((v: any) => v.partition)).toEqual([a, a]);
  });

  it('PATCH of /partition is a 400 and changes nothing', async () => {
    const [a, b] = patients as [string, string];
    const note = (await t.request('POST', 'Notes', { body: sampleNoteBody(a, 'patch me') })).body;
    for (const op of [
      { op: 'replace', path: '/partition', value: b },
      { op: 'remove', path: '/partition' },
      { op: 'copy', from: '/display', path: '/partition' },
      { op: 'move', from: '/display', path: '/partition' },
    ]) {
      const r = await t.request('PATCH', `Notes/${note.id}?versionId=${note.meta.versionId}`, { body: [op], headers: PATCH });
      expect(r.status, JSON.stringify(op)).toBe(400);
    }
    const after = await t.request('GET', `Notes/${note.id}`);
    expect(after.body).toEqual(note);
  });

  it('PUT of an unknown id needs a partition like a create', async () => {
    // Notes valid in every other way (sampleNoteBody), so the first refusal is the missing partition's.
    const missing = await t.request('PUT', 'Notes/offline-note-1', {
      body: { ...sampleNoteBody(patients[0]!, 'x'), id: 'offline-note-1', partition: undefined },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('partition');
    const ok = await t.request('PUT', 'Notes/offline-note-2', { body: { ...sampleNoteBody(patients[0]!, 'x'), id: 'offline-note-2' } });
    expect(ok.status).toBe(201);
    expect(ok.body.partition).toBe(patients[0]);
  });

  it('an unpartitioned type refuses a partition', async () => {
    const r = await t.request('POST', 'Patients', { body: { display: 'x', partition: patients[0] } });
    expect(r.status).toBe(400);
  });
});
