import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from './harness.ts';

/**
 * Many clients writing the same thing at the same instant, over real HTTP against a real
 * PostgreSQL: the version check, if-none-exist and idempotency keys must each let exactly one
 * writer through, and the losers must get a clean 4xx (never a 500, never a second write).
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PATCH_HEADERS = { 'content-type': 'application/json-patch+json' };

/** Sends `n` copies of one request at once (every fetch is started before any is awaited). */
function race(n: number, send: (i: number) => Promise<ApiResponse>): Promise<ApiResponse[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)));
}

function statusCounts(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function createPatient(body: Record<string, unknown>) {
  const created = await t.request('POST', 'Patients', { body });
  expect(created.status).toBe(201);
  return created.body;
}

/** How many live Patients match `filters` (Prefer: return=minimal). */
async function countPatients(filters: unknown[]): Promise<number> {
  const counted = await t.request('POST', 'Patients/queries', { body: filters, headers: { prefer: 'return=minimal' } });
  expect(counted.status).toBe(204);
  return Number(counted.headers.get('x-total-count'));
}

describe('50 concurrent PATCHes with the same versionId', () => {
  it('let exactly one through; the other 49 get 409 with the spec message; history grows by one', async () => {
    const v1 = await createPatient({ display: 'Race Patch', birthDate: '1980-01-01' });
    const before = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(before.body).toHaveLength(1);

    const answers = await race(50, (i) =>
      t.request('PATCH', `Patients/${v1.id}?versionId=${v1.meta.versionId}`, {
        body: [{ op: 'replace', path: '/display', value: `writer ${i}` }],
        headers: PATCH_HEADERS,
      }),
    );

    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 49 });
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body).toEqual({ title: 'Conflict', status: 409, detail: MESSAGES.conflict });
    }
    const winner = answers.find((a) => a.status === 200)!;
    expect(winner.body.meta.versionId).not.toBe(v1.meta.versionId);

    const history = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(history.body).toHaveLength(2);
    expect(history.body.map((v: any) => v.meta.versionId)).toEqual([winner.body.meta.versionId, v1.meta.versionId]);
    const current = await t.request('GET', `Patients/${v1.id}`);
    expect(current.body).toEqual(winner.body);
  });
});

describe('20 concurrent DELETEs with the same versionId', () => {
  it('delete once (204); every other answer is 409 or 410; one tombstone', async () => {
    const v1 = await createPatient({ display: 'Race Delete' });
    const answers = await race(20, () => t.request('DELETE', `Patients/${v1.id}?versionId=${v1.meta.versionId}`));

    const counts = statusCounts(answers);
    expect(counts[204]).toBe(1);
    expect(answers.every((a) => a.status === 204 || a.status === 409 || a.status === 410)).toBe(true);
    for (const lost of answers.filter((a) => a.status !== 204)) {
      expect(lost.body.detail).toBe(lost.status === 409 ? MESSAGES.conflict : MESSAGES.gone);
    }

    expect((await t.request('GET', `Patients/${v1.id}`)).status).toBe(410);
    const history = await t.request('GET', `Patients/${v1.id}/_history`);
    expect(history.body).toHaveLength(2);
    expect(history.body[0].meta.isDeleted).toBe(true);
  });
});

describe('20 concurrent creates with the same if-none-exist', () => {
  it('make exactly one resource; every other answer is 200 with that resource', async () => {
    const mrn = `MRN-${randomUUID()}`;
    const answers = await race(20, (i) =>
      t.request('POST', 'Patients', {
        body: { display: `Racer ${i}`, identifiers: [{ system: 'urn:mrn', value: mrn }] },
        headers: { 'if-none-exist': `identifiers.value=${mrn}` },
      }),
    );

    expect(statusCounts(answers)).toEqual({ 201: 1, 200: 19 });
    const created = answers.find((a) => a.status === 201)!.body;
    for (const matched of answers.filter((a) => a.status === 200)) expect(matched.body).toEqual(created);

    const found = await t.request('POST', 'Patients/queries', {
      body: [{ field: 'identifiers.value', op: 'eq', value: mrn }],
    });
    expect(found.status).toBe(200);
    expect(found.body.map((p: any) => p.id)).toEqual([created.id]);
  });

  it('make exactly one resource when racers write the same conditions in a different order', async () => {
    // docs/api.md: "Creators with the same condition are serialised". `a=1&b=2` and `b=2&a=1`
    // are the same condition (an AND of eq filters); a client cannot be expected to canonicalise it.
    const mrn = `MRN-${randomUUID()}`;
    const orders = [`identifiers.value=${mrn}&birthDate=1970-01-01`, `birthDate=1970-01-01&identifiers.value=${mrn}`];
    const answers = await race(20, (i) =>
      t.request('POST', 'Patients', {
        body: { display: `Racer ${i}`, birthDate: '1970-01-01', identifiers: [{ value: mrn }] },
        headers: { 'if-none-exist': orders[i % 2]! },
      }),
    );

    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(await countPatients([{ field: 'identifiers.value', op: 'eq', value: mrn }])).toBe(1);
    expect(statusCounts(answers)).toEqual({ 201: 1, 200: 19 });
  });
});

describe('20 concurrent POSTs with the same Idempotency-Key and body', () => {
  it('create exactly one resource, and every answer carries its id', async () => {
    const key = `race-${randomUUID()}`;
    const marker = `idem-${randomUUID()}`;
    const body = { display: 'Idempotent Racer', identifiers: [{ system: 'urn:marker', value: marker }] };
    const answers = await race(20, () => t.request('POST', 'Patients', { body, headers: { 'idempotency-key': key } }));

    expect(statusCounts(answers)).toEqual({ 201: 20 });
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    // The replays are the first answer, byte for byte (same versionId and lastModified too).
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await countPatients([{ field: 'identifiers.value', op: 'eq', value: marker }])).toBe(1);
  });
});

describe('20 concurrent PUTs creating the same new id (offline upserts racing)', () => {
  it('create it once (201); the others get 409, never a 500', async () => {
    const id = `offline-race-${randomUUID()}`;
    const answers = await race(20, (i) => t.request('PUT', `Patients/${id}`, { body: { id, display: `Upsert ${i}` } }));

    const counts = statusCounts(answers);
    expect(counts[500]).toBeUndefined();
    expect(counts).toEqual({ 201: 1, 409: 19 });
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.detail).toBe(MESSAGES.conflict);
    expect((await t.request('GET', `Patients/${id}/_history`)).body).toHaveLength(1);
  });
});
