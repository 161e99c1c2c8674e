import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { sampleNoteBody } from './note-samples.ts';

/**
 * Idempotency-Key and if-none-exist (docs/api.md "Headers"): a retried write is answered from the
 * first attempt and writes nothing; a conditional create returns the live match instead of a
 * duplicate.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PATCH = { 'content-type': 'application/json-patch+json' };
const newKey = () => `key-${randomUUID()}`;
const marker = () => `m-${randomUUID().slice(0, 8)}`;

/** How many live Patients have this display. */
async function countByDisplay(display: string): Promise<number> {
  const r = await t.request('POST', 'Patients/queries', {
    body: [{ field: 'display', op: 'eq', value: display }],
    headers: { prefer: 'return=minimal' },
  });
  expect(r.status).toBe(204);
  return Number(r.headers.get('x-total-count'));
}

async function versions(id: string): Promise<number> {
  return (await t.request('GET', `Patients/${id}/_history`)).body.length;
}

describe('Idempotency-Key', () => {
  it('replays a create: same status, id and versionId, and only one resource exists', async () => {
    const key = newKey();
    const display = marker();
    const body = { display, birthDate: '1990-02-03', tags: ['a', 'b'], nested: { z: 1, a: [1.5, true, null] } };
    const first = await t.request('POST', 'Patients', { body, headers: { 'idempotency-key': key } });
    const second = await t.request('POST', 'Patients', { body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.meta.versionId).toBe(first.body.meta.versionId);
    expect(second.body).toEqual(first.body);
    expect(await countByDisplay(display)).toBe(1);
    expect(await versions(first.body.id)).toBe(1);
  });

  it('racing retries under one key make one resource and all get the same answer', async () => {
    const key = newKey();
    const display = marker();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.request('POST', 'Patients', { body: { display }, headers: { 'idempotency-key': key } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.meta.versionId)).size).toBe(1);
    expect(await countByDisplay(display)).toBe(1);
  });

  it('refuses the same key with a different body, URL or method, writing nothing', async () => {
    const key = newKey();
    const display = marker();
    const first = await t.request('POST', 'Patients', { body: { display }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const otherBody = await t.request('POST', 'Patients', { body: { display: `${display}-2` }, headers: { 'idempotency-key': key } });
    expect(otherBody.status).toBe(400);
    expect(otherBody.body.detail).toMatch(/Idempotency-Key/i);
    const otherCollection = await t.request('POST', 'Practitioners', { body: { display }, headers: { 'idempotency-key': key } });
    expect(otherCollection.status).toBe(400);
    const otherMethod = await t.request('PUT', `Patients/${first.body.id}?versionId=${first.body.meta.versionId}`, {
      body: first.body,
      headers: { 'idempotency-key': key },
    });
    expect(otherMethod.status).toBe(400);
    expect(await countByDisplay(`${display}-2`)).toBe(0);
    expect(await versions(first.body.id)).toBe(1);
  });

  it('compares bodies as JSON, not bytes: the same body with its members in another order, spaced otherwise, is a retry', async () => {
    const key = newKey();
    const display = marker();
    const body = { display, birthDate: '1990-02-03', nested: { z: 1, a: [1.5, { y: true, b: null }] } };
    const first = await t.request('POST', 'Patients', { body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    // Every object's members reversed, nested ones too; array order kept; escapes and spacing differ.
    const reordered =
      '{ "nested": {"a": [1.50, {"b": null, "y": true}], "z": 1e0}, ' +
      `"birthDate": "1990-02-03", "display": "${display.replace('m', '\\u006d')}" }`;
    const retry = await t.request('POST', 'Patients', {
      raw: reordered,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await countByDisplay(display)).toBe(1);
    // An array in another order is another request.
    const otherOrder = { ...body, nested: { z: 1, a: [{ y: true, b: null }, 1.5] } };
    const refused = await t.request('POST', 'Patients', { body: otherOrder, headers: { 'idempotency-key': key } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('This Idempotency-Key was already used for a different request.');
    expect(await countByDisplay(display)).toBe(1);
  });

  it('replays a keyed PATCH whose operations list their members in another order', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: { display: marker() } })).body;
    const key = newKey();
    const url = `Patients/${v1.id}?versionId=${v1.meta.versionId}`;
    const first = await t.request('PATCH', url, {
      raw: '[{"op":"add","path":"/mrn","value":"MRN-9"}]',
      headers: { ...PATCH, 'idempotency-key': key },
    });
    const retry = await t.request('PATCH', url, {
      raw: '[{"value":"MRN-9","path":"/mrn","op":"add"}]',
      headers: { ...PATCH, 'idempotency-key': key },
    });
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toEqual(first.body);
    expect(await versions(v1.id)).toBe(2);
    const different = await t.request('PATCH', url, {
      raw: '[{"value":"MRN-8","path":"/mrn","op":"add"}]',
      headers: { ...PATCH, 'idempotency-key': key },
    });
    expect(different.status).toBe(400);
    expect(await versions(v1.id)).toBe(2);
  });

  it('replays a PATCH retried after success with 200 and the same body, not 409', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: { display: marker() } })).body;
    const key = newKey();
    const request = () =>
      t.request('PATCH', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
        body: [{ op: 'add', path: '/mrn', value: 'MRN-1' }],
        headers: { ...PATCH, 'idempotency-key': key },
      });
    const first = await request();
    const retry = await request();
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await versions(v1.id)).toBe(2);
    const current = await t.request('GET', `Patients/${v1.id}`);
    expect(current.body.meta.versionId).toBe(first.body.meta.versionId);
    // Without the key the same PATCH is stale now.
    const unkeyed = await t.request('PATCH', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
      body: [{ op: 'add', path: '/mrn', value: 'MRN-1' }],
      headers: PATCH,
    });
    expect(unkeyed.status).toBe(409);
  });

  it('a keyed create or patch costs the statements of an unkeyed one (the write stores the key)', async () => {
    const statements = (r: { headers: Headers }) => Number(/"(\d+) statements"/.exec(r.headers.get('server-timing') ?? '')?.[1]);
    // A warm-up call caches the caller, so both calls below run only their write.
    await t.request('GET', 'Patients?pageSize=1');
    const unkeyed = await t.request('POST', 'Patients', { body: { display: marker(), mrn: marker() } });
    const keyed = await t.request('POST', 'Patients', {
      body: { display: marker(), mrn: marker() },
      headers: { 'idempotency-key': newKey() },
    });
    expect([unkeyed.status, keyed.status]).toEqual([201, 201]);
    expect(statements(keyed)).toBe(statements(unkeyed));
    const patch = (v: { id: string; meta: { versionId: string } }, headers: Record<string, string>) =>
      t.request('PATCH', `Patients/${v.id}?versionId=${v.meta.versionId}`, {
        body: [{ op: 'add', path: '/display', value: marker() }],
        headers: { ...PATCH, ...headers },
      });
    const unkeyedPatch = await patch(unkeyed.body, {});
    const keyedPatch = await patch(keyed.body, { 'idempotency-key': newKey() });
    expect([unkeyedPatch.status, keyedPatch.status]).toEqual([200, 200]);
    expect(statements(keyedPatch)).toBe(statements(unkeyedPatch));
  });

  it('racing duplicates of a PATCH under one key write one version and all answer 200 with it', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: { display: marker() } })).body;
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request('PATCH', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
          body: [{ op: 'add', path: '/display', value: 'Raced once' }],
          headers: { ...PATCH, 'idempotency-key': key },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.meta.versionId)).size).toBe(1);
    expect(await versions(v1.id)).toBe(2);
  });

  it('replays a PUT and a DELETE', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: { display: marker() } })).body;
    const putKey = newKey();
    const put = () =>
      t.request('PUT', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
        body: { ...v1, display: 'renamed' },
        headers: { 'idempotency-key': putKey },
      });
    const p1 = await put();
    const p2 = await put();
    expect([p1.status, p2.status]).toEqual([200, 200]);
    expect(p2.body).toEqual(p1.body);
    expect(await versions(v1.id)).toBe(2);

    const deleteKey = newKey();
    const del = () =>
      t.request('DELETE', `Patients/${v1.id}?versionId=${p1.body.meta.versionId}`, { headers: { 'idempotency-key': deleteKey } });
    const d1 = await del();
    const d2 = await del();
    expect([d1.status, d2.status]).toEqual([204, 204]);
    expect(d2.text).toBe('');
    expect(await versions(v1.id)).toBe(3);
  });

  it('a failed write does not use up its key: the corrected request runs under it, then replays', async () => {
    const v1 = (await t.request('POST', 'Patients', { body: { display: marker() } })).body;
    const v2 = (await t.request('PUT', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, { body: { ...v1, display: 'v2' } })).body;
    const key = newKey();
    const patch = (versionId: string) =>
      t.request('PATCH', `Patients/${v1.id}?versionId=${versionId}`, {
        body: [{ op: 'replace', path: '/display', value: 'v3' }],
        headers: { ...PATCH, 'idempotency-key': key },
      });

    const stale = await patch(v1.meta.versionId);
    expect(stale.status).toBe(409);
    // The failure committed nothing, the key included: the same request runs again and fails again.
    expect((await patch(v1.meta.versionId)).status).toBe(409);
    expect(await versions(v1.id)).toBe(2);

    const fixed = await patch(v2.meta.versionId);
    expect(fixed.status).toBe(200);
    expect(fixed.body.display).toBe('v3');
    const retried = await patch(v2.meta.versionId);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(fixed.body);
    expect(await versions(v1.id)).toBe(3);

    // Now the key belongs to the successful request: the stale one is a different request.
    expect((await patch(v1.meta.versionId)).status).toBe(400);
  });

  it('a refused create (400) does not use up its key either', async () => {
    const key = newKey();
    const display = marker();
    const refused = await t.request('POST', 'Patients', { body: { display, partition: 'p-1' }, headers: { 'idempotency-key': key } });
    expect(refused.status).toBe(400);
    const ok = await t.request('POST', 'Patients', { body: { display }, headers: { 'idempotency-key': key } });
    expect(ok.status).toBe(201);
    expect(await countByDisplay(display)).toBe(1);
  });

  it('accepts keys of 8 to 128 of A-Za-z0-9._:- and refuses others, writing nothing', async () => {
    for (const key of ['abcdefgh', `a.b_c:d-E9${'x'.repeat(118)}`]) {
      const r = await t.request('POST', 'Patients', { body: { display: marker() }, headers: { 'idempotency-key': key } });
      expect(r.status, key).toBe(201);
    }
    const display = marker();
    for (const key of ['short', 'abcdefg', 'x'.repeat(129), 'has a space', 'semi;colon', 'slash/key1', 'comma,key1', 'quote"key1']) {
      const r = await t.request('POST', 'Patients', { body: { display }, headers: { 'idempotency-key': key } });
      expect(r.status, key).toBe(400);
      expect(r.body.detail).toMatch(/Idempotency-Key/i);
    }
    expect(await countByDisplay(display)).toBe(0);
  });
});

describe('Idempotency-Key and access control (docs/access.md "Enforcement")', () => {
  it('a replay is still checked: another caller without the permission gets 403, not the stored answer', async () => {
    const self = (await t.request('POST', 'Patients', { body: { display: 'Portal patient' } })).body;
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: self.id });
    const key = newKey();
    const body = { display: marker() };
    const first = await t.request('POST', 'Patients', { body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const unkeyed = await portal.client.request('POST', 'Patients', { body });
    expect(unkeyed.status).toBe(403);
    const replayed = await portal.client.request('POST', 'Patients', { body, headers: { 'idempotency-key': key } });
    expect(replayed.status).toBe(403);
    expect(replayed.body.id).toBeUndefined();
  });

  it("a replay does not hand another patient's record to a caller outside its reach", async () => {
    const self = (await t.request('POST', 'Patients', { body: { display: 'Portal patient 2' } })).body;
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: self.id });
    const note = (await t.request('POST', 'Notes', { body: sampleNoteBody('someone-else', 'private note') })).body;
    const key = newKey();
    const patch = (client: typeof t.admin) =>
      client.request('PATCH', `Notes/${note.id}?versionId=${note.meta.versionId}`, {
        body: [{ op: 'add', path: '/summary', value: 'confidential' }],
        headers: { ...PATCH, 'idempotency-key': key },
      });
    expect((await patch(t.admin)).status).toBe(200);
    const replayed = await patch(portal.client);
    expect([403, 404]).toContain(replayed.status);
    expect(replayed.text).not.toContain('confidential');
  });
});

describe('if-none-exist', () => {
  it('returns a live match with 200 instead of creating a duplicate', async () => {
    const mrn = marker();
    const existing = await t.request('POST', 'Patients', { body: { display: 'Original', mrn, birthDate: '1980-01-01' } });
    const again = await t.request('POST', 'Patients', {
      body: { display: 'Duplicate', mrn, birthDate: '1980-01-01' },
      headers: { 'if-none-exist': `mrn=${mrn}` },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(existing.body);
    expect(await countByDisplay('Duplicate')).toBe(0);
  });

  it('creates (201) when nothing matches every condition', async () => {
    const mrn = marker();
    await t.request('POST', 'Patients', { body: { display: 'First', mrn, birthDate: '1980-01-01' } });
    // The first patient matches the mrn condition only. The new patient needs an MRN of its own:
    // a second patient with the first one's MRN is refused (400, docs/validation.md).
    const otherMrn = marker();
    const partial = await t.request('POST', 'Patients', {
      body: { display: marker(), mrn: otherMrn, birthDate: '1999-09-09' },
      headers: { 'if-none-exist': `mrn=${mrn}&birthDate=1999-09-09` },
    });
    expect(partial.status).toBe(201);
    const both = await t.request('POST', 'Patients', {
      body: { display: 'Third' },
      headers: { 'if-none-exist': `mrn=${otherMrn}&birthDate=1999-09-09` },
    });
    expect(both.status).toBe(200);
    expect(both.body.id).toBe(partial.body.id);
  });

  it('decodes URL-encoded values and matches nested fields through arrays', async () => {
    const display = `Tom & Jerry = ${marker()}`;
    const created = await t.request('POST', 'Patients', {
      body: {
        display,
        identifiers: [
          { system: 'ssn', value: '111' },
          { system: 'mrn', value: 'X/1 2' },
        ],
      },
    });
    const byDisplay = await t.request('POST', 'Patients', {
      body: { display },
      headers: { 'if-none-exist': `display=${encodeURIComponent(display)}` },
    });
    expect(byDisplay.status).toBe(200);
    expect(byDisplay.body.id).toBe(created.body.id);
    const byIdentifier = await t.request('POST', 'Patients', {
      body: { display: 'other' },
      headers: { 'if-none-exist': `identifiers.value=${encodeURIComponent('X/1 2')}&display=${encodeURIComponent(display)}` },
    });
    expect(byIdentifier.status).toBe(200);
    expect(byIdentifier.body.id).toBe(created.body.id);
  });

  it('ignores deleted resources', async () => {
    const mrn = marker();
    const gone = (await t.request('POST', 'Patients', { body: { display: 'Deleted', mrn } })).body;
    await t.request('DELETE', `Patients/${gone.id}?versionId=${gone.meta.versionId}`);
    const created = await t.request('POST', 'Patients', { body: { display: 'Fresh', mrn }, headers: { 'if-none-exist': `mrn=${mrn}` } });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(gone.id);
  });

  it('racing creators with the same condition make one resource', async () => {
    const mrn = marker();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request('POST', 'Patients', { body: { display: `racer ${i}`, mrn }, headers: { 'if-none-exist': `mrn=${mrn}` } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const count = await t.request('POST', 'Patients/queries', {
      body: [{ field: 'mrn', op: 'eq', value: mrn }],
      headers: { prefer: 'return=minimal' },
    });
    expect(count.headers.get('x-total-count')).toBe('1');
  });

  it('refuses malformed conditions with 400, creating nothing', async () => {
    const display = marker();
    for (const condition of ['1bad=x', 'a..b=x', '=x', 'a%20b=x', '&', 'a.b.c.d.e.f.g.h.i=x', 'meta.isDeleted=maybe']) {
      const r = await t.request('POST', 'Patients', { body: { display }, headers: { 'if-none-exist': condition } });
      expect(r.status, condition).toBe(400);
      expect(r.body.status).toBe(400);
    }
    expect(await countByDisplay(display)).toBe(0);
  });
});
