import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** The headers of docs/api.md: request id, Server-Timing, and the per-write headers. */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const SERVER_TIMING = /^db;dur=\d+(\.\d+)?;desc="(\d+) statements", charge;desc="(\d+)", total;dur=\d+(\.\d+)?$/;
const GENERATED_ID = /^[A-Za-z0-9._-]{8,64}$/;

async function create(body: Record<string, unknown> = { display: 'Header Patient' }, headers: Record<string, string> = {}) {
  const r = await t.request('POST', 'Patients', { body, headers });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

async function put(resource: any, headers: Record<string, string> = {}, changes: Record<string, unknown> = {}) {
  const r = await t.request('PUT', `Patients/${resource.id}?versionId=${resource.meta.versionId}`, {
    body: { ...resource, ...changes },
    headers,
  });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

describe('x-request-id', () => {
  it('is on every response: success, 204, errors, unknown routes and methods', async () => {
    const patient = await create();
    const responses = [
      await t.request('GET', `Patients/${patient.id}`),
      await t.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } }),
      await t.request('GET', 'Patients/missing'),
      await t.request('POST', 'Patients', { raw: '{', headers: { 'content-type': 'application/json' } }),
      await t.request('GET', 'Patients?pageSize=0'),
      await t.request('PUT', `Patients/${patient.id}`, { body: { ...patient, meta: undefined } }),
      await t.request('GET', '/api/no/such/route'),
      await t.request('GET', '/api/v1/practices/not-provisioned/Patients'),
      await t.request('DELETE', '/api/v1/Nothing/here/at/all'),
      await t.request('PROPFIND', 'Patients'),
    ];
    const answered = responses.map((r) => `${r.status} ${GENERATED_ID.test(r.headers.get('x-request-id') ?? '') ? 'has id' : 'no id'}`);
    expect(answered).toEqual(['200', '204', '404', '400', '400', '409', '404', '404', '404', '404'].map((s) => `${s} has id`));
    expect(new Set(responses.map((r) => r.headers.get('x-request-id'))).size).toBe(responses.length);
  });

  it('a malformed URL still answers the documented error body, with its request id', async () => {
    const r = await t.request('GET', 'Patients/abc/%E0%A4%A', { headers: { 'x-request-id': 'bad-url-0001' } });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-request-id')).toBe('bad-url-0001');
    expect(r.headers.get('server-timing')).toMatch(SERVER_TIMING);
    expect(r.body).toMatchObject({ title: 'Bad Request', status: 400 });
    expect(typeof r.body.detail).toBe('string');
  });

  it('keeps a well-formed id the client sends, and replaces a malformed one', async () => {
    for (const id of ['client-req.0001', 'A'.repeat(64), 'abc_DEF-1.2']) {
      const ok = await t.request('GET', 'Patients', { headers: { 'x-request-id': id } });
      expect(ok.headers.get('x-request-id')).toBe(id);
      const failed = await t.request('GET', '/api/no/such/route', { headers: { 'x-request-id': id } });
      expect(failed.headers.get('x-request-id')).toBe(id);
    }
    for (const id of ['short', 'A'.repeat(65), 'has space in it', 'slash/not/allowed', '<script>alert(1)</script>']) {
      const r = await t.request('GET', 'Patients', { headers: { 'x-request-id': id } });
      const answered = r.headers.get('x-request-id');
      expect(answered).not.toBe(id);
      expect(answered).toMatch(GENERATED_ID);
    }
  });
});

describe('Server-Timing', () => {
  it('reports database time, statements, rows touched and total time on every response', async () => {
    const patient = await create();
    const read = await t.request('GET', `Patients/${patient.id}`);
    const match = SERVER_TIMING.exec(read.headers.get('server-timing') ?? '');
    expect(match, read.headers.get('server-timing') ?? 'missing').not.toBeNull();
    expect(Number(match![2])).toBeGreaterThanOrEqual(1);
    expect(Number(match![3])).toBeGreaterThanOrEqual(1);

    for (const r of [
      await t.request('GET', '/api/no/such/route'),
      await t.request('GET', 'Patients/missing'),
      await t.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } }),
    ]) {
      expect(r.headers.get('server-timing'), String(r.status)).toMatch(SERVER_TIMING);
    }
    const unknown = SERVER_TIMING.exec((await t.request('GET', '/api/no/such/route')).headers.get('server-timing')!);
    expect(unknown![2]).toBe('0');
  });
});

describe('x-time-to-live', () => {
  it('records meta.expires; readable at once, a 404 everywhere once it has passed', async () => {
    const patient = await create({ display: 'Ephemeral' }, { 'x-time-to-live': '1' });
    expect(Date.parse(patient.meta.expires) - Date.parse(patient.meta.lastModified)).toBe(1000);
    expect((await t.request('GET', `Patients/${patient.id}`)).status).toBe(200);
    const listed = await t.request('GET', 'Patients?pageSize=1000');
    expect(listed.body.map((p: any) => p.id)).toContain(patient.id);

    await sleep(1500);
    const read = await t.request('GET', `Patients/${patient.id}`);
    expect(read.status).toBe(404);
    expect(read.body.detail).toBe(MESSAGES.notFound);
    expect((await t.request('GET', `Patients/${patient.id}/_history`)).status).toBe(404);
    expect((await t.request('GET', `Patients/${patient.id}/_history/${patient.meta.versionId}`)).status).toBe(404);
    const after = await t.request('GET', 'Patients?pageSize=1000');
    expect(after.body.map((p: any) => p.id)).not.toContain(patient.id);
    const count = await t.request('POST', 'Patients/queries', {
      body: [{ field: 'id', op: 'eq', value: patient.id }],
      headers: { prefer: 'return=minimal' },
    });
    expect(count.headers.get('x-total-count')).toBe('0');
    const patch = await t.request('PATCH', `Patients/${patient.id}?versionId=${patient.meta.versionId}`, {
      body: [{ op: 'replace', path: '/display', value: 'back?' }],
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patch.status).toBe(404);
    const update = await t.request('PUT', `Patients/${patient.id}?versionId=${patient.meta.versionId}`, { body: patient });
    expect(update.status).toBe(404);
    expect((await t.request('DELETE', `Patients/${patient.id}?versionId=${patient.meta.versionId}`)).status).toBe(404);
  });

  it('accepts up to ten years', async () => {
    const tenYears = 10 * 365 * 24 * 3600;
    const patient = await create({ display: 'Long-lived' }, { 'x-time-to-live': String(tenYears) });
    expect(Date.parse(patient.meta.expires) - Date.parse(patient.meta.lastModified)).toBe(tenYears * 1000);
  });

  it('refuses values that are not a whole number of seconds from 1 to ten years', async () => {
    const before = await t.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } });
    for (const ttl of ['0', '-1', 'abc', '1.5', String(10 * 365 * 24 * 3600 + 1), 'Infinity', 'NaN']) {
      const r = await t.request('POST', 'Patients', { body: { display: `ttl ${ttl}` }, headers: { 'x-time-to-live': ttl } });
      expect(r.status, ttl).toBe(400);
      expect(r.body.detail).toContain('x-time-to-live');
    }
    const after = await t.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } });
    expect(after.headers.get('x-total-count')).toBe(before.headers.get('x-total-count'));
  });
});

describe('x-no-history', () => {
  it('writes the current state without a history row; the version list still shows it', async () => {
    const v1 = await create({ display: 'Draft 1' });
    const v2 = await put(v1, { 'x-no-history': 'true' }, { display: 'Draft 2' });

    const list = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(list.body.map((v: any) => v.meta.versionId)).toEqual([v2.meta.versionId, v1.meta.versionId]);
    expect(list.body[0]).toEqual(v2);
    expect((await t.request('GET', `Patients/${v1.id}`)).body).toEqual(v2);
    expect((await t.request('GET', `Patients/${v1.id}/_history/${v2.meta.versionId}`)).body).toEqual(v2);

    // The next ordinary write shows that v2 never had a history row of its own.
    const v3 = await put(v2, {}, { display: 'Final' });
    const later = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(later.body.map((v: any) => v.meta.versionId)).toEqual([v3.meta.versionId, v1.meta.versionId]);
    expect((await t.request('GET', `Patients/${v1.id}/_history/${v2.meta.versionId}`)).status).toBe(404);
  });

  it('on a create leaves just the current version in the list', async () => {
    const v1 = await create({ display: 'Scratch' }, { 'x-no-history': 'true' });
    const list = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(list.body).toEqual([v1]);
    const v2 = await put(v1, {}, { display: 'Kept' });
    const later = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(later.body.map((v: any) => v.meta.versionId)).toEqual([v2.meta.versionId]);
  });

  it('x-no-history: false keeps history as usual', async () => {
    const v1 = await create({ display: 'Normal' }, { 'x-no-history': 'false' });
    const v2 = await put(v1, { 'x-no-history': 'false' }, { display: 'Normal 2' });
    const v3 = await put(v2, {}, { display: 'Normal 3' });
    const list = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(list.body.map((v: any) => v.meta.versionId)).toEqual([v3, v2, v1].map((v) => v.meta.versionId));
  });
});

describe('x-automation, x-user-system, x-sync and x-profile', () => {
  it('are recorded in meta of the version they wrote, and stay with it in _history', async () => {
    const [first, second] = [await t.createUser({ roles: ['Administrative'] }), await t.createUser({ roles: ['Administrative'] })];
    const created = await first.client.request('POST', 'Patients', {
      body: { display: 'Audited' },
      headers: {
        'x-automation': 'nightly-import v2',
        'x-user-system': 'Caseload Mobile 5.1 (iOS)',
        'x-sync': 'true',
        'x-profile': `Practitioner/${first.profile.id}`,
      },
    });
    expect(created.status, created.text).toBe(201);
    const v1 = created.body;
    expect(v1.meta).toMatchObject({
      automation: 'nightly-import v2',
      userSystem: 'Caseload Mobile 5.1 (iOS)',
      sync: true,
      lastModifiedBy: first.profile,
    });
    const updated = await second.client.request('PUT', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
      body: { ...v1, display: 'Audited 2' },
      headers: { 'x-profile': `Practitioner/${second.profile.id}`, 'x-sync': 'false' },
    });
    expect(updated.status, updated.text).toBe(200);
    const v2 = updated.body;
    expect(v2.meta.lastModifiedBy).toEqual(second.profile);
    for (const field of ['automation', 'userSystem', 'sync']) expect(v2.meta[field]).toBeUndefined();

    const history = (await t.request('GET', `Patients/${v1.id}/_history`)).body;
    expect(history).toHaveLength(2);
    expect(history[0].meta).toEqual(v2.meta);
    expect(history[1].meta).toEqual({ ...v1.meta, isHistorical: true });
    const old = await t.request('GET', `Patients/${v1.id}/_history/${v1.meta.versionId}`);
    expect(old.body.meta.automation).toBe('nightly-import v2');
    expect(old.body.meta.lastModifiedBy).toEqual(first.profile);
  });

  it('refuses an x-profile the session does not own', async () => {
    const staff = await t.createUser({ roles: ['Administrative'] });
    const other = await t.createUser({ roles: ['Administrative'] });
    const r = await staff.client.request('POST', 'Patients', {
      body: { display: 'x' },
      headers: { 'x-profile': `Practitioner/${other.profile.id}` },
    });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MESSAGES.forbidden);
  });

  it('a client cannot forge them through the body', async () => {
    const forged = { resourceType: 'Practitioner', id: 'boss' };
    const v1 = await create({ display: 'Forger', meta: { automation: 'x', sync: true, userSystem: 'y', lastModifiedBy: forged } });
    expect(v1.meta.automation).toBeUndefined();
    expect(v1.meta.userSystem).toBeUndefined();
    expect(v1.meta.sync).toBeUndefined();
    expect(v1.meta.lastModifiedBy).not.toEqual(forged);
  });

  it('refuses automation and user-system values over 200 characters', async () => {
    for (const header of ['x-automation', 'x-user-system']) {
      const ok = await t.request('POST', 'Patients', { body: { display: 'x' }, headers: { [header]: 'a'.repeat(200) } });
      expect(ok.status).toBe(201);
      const long = await t.request('POST', 'Patients', { body: { display: 'x' }, headers: { [header]: 'a'.repeat(201) } });
      expect(long.status, header).toBe(400);
      expect(long.body.detail).toContain(header);
    }
  });

  it('refuses a malformed x-profile', async () => {
    for (const profile of [
      'Practitioner',
      'practitioner/1',
      'Practitioner/',
      '/p-1',
      'Practitioner/p/1',
      'Practitioner/p 1',
      'Practitioner:p-1',
    ]) {
      const r = await t.request('POST', 'Patients', { body: { display: 'x' }, headers: { 'x-profile': profile } });
      expect(r.status, profile).toBe(400);
      expect(r.body.detail).toContain('x-profile');
    }
  });
});

describe('boolean headers are true or false, nothing else', () => {
  it('refuses yes, 1 and TRUE', async () => {
    const patient = await create();
    for (const value of ['yes', '1', 'TRUE', 'on']) {
      for (const header of ['x-no-history', 'x-sync']) {
        const r = await t.request('POST', 'Patients', { body: { display: 'x' }, headers: { [header]: value } });
        expect(r.status, `${header}: ${value}`).toBe(400);
        expect(r.body.detail).toContain(header);
        const u = await t.request('PUT', `Patients/${patient.id}?versionId=${patient.meta.versionId}`, {
          body: patient,
          headers: { [header]: value },
        });
        expect(u.status, `PUT ${header}: ${value}`).toBe(400);
      }
      const list = await t.request('GET', 'Notes', { headers: { 'x-enable-cross-partition': value } });
      expect(list.status, `x-enable-cross-partition: ${value}`).toBe(400);
    }
    // Nothing was written by the refused PUTs.
    expect((await t.request('GET', `Patients/${patient.id}`)).body).toEqual(patient);
  });
});
