import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse, RequestOptions } from './api-client.ts';
import { ContractCheck } from './contract-check.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { ATTESTED, sampleNoteBody } from './note-samples.ts';

/**
 * A sample of calls of every route group, made over HTTP as clients make them, each answer
 * (successes and refusals alike) validated against the schema its route declares for that status:
 * what docs/openapi.json promises an integrator is what the server sends.
 */
let t: TestServer;
let check: ContractCheck;
const problems: string[] = [];

beforeAll(async () => {
  t = await startTestServer();
  check = new ContractCheck(t.server.app.routeTable);
});
afterAll(() => t?.close());

/** Makes the call and records every way its answer departs from its declared contract. */
async function call(client: ApiClient, method: string, path: string, options?: RequestOptions): Promise<ApiResponse> {
  const response = await client.request(method, path, options);
  problems.push(...check.problems(method, client.url(path), response));
  return response;
}

const admin = () => t.admin;

describe('answers keep to their declared schemas', () => {
  it('resource calls: create, read, list, query, count, patch, put, history, delete, and their refusals', async () => {
    const patient = await call(admin(), 'POST', 'Patients', {
      body: { display: 'Contract Patient', names: [{ given: ['Ada'], family: 'Lovelace' }] },
    });
    expect(patient.status, patient.text).toBe(201);
    const { id } = patient.body;
    expect((await call(admin(), 'GET', `Patients/${id}`)).status).toBe(200);
    expect((await call(admin(), 'GET', 'Patients?pageSize=2')).status).toBe(200);
    expect((await call(admin(), 'POST', 'Patients/queries', { body: [{ field: 'id', op: 'eq', value: id }] })).status).toBe(200);
    expect((await call(admin(), 'POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } })).status).toBe(204);
    const patched = await call(admin(), 'PATCH', `Patients/${id}?versionId=${patient.body.meta.versionId}`, {
      raw: JSON.stringify([{ op: 'replace', path: '/display', value: 'Contract Patient 2' }]),
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patched.status, patched.text).toBe(200);
    const stale = await call(admin(), 'PUT', `Patients/${id}?versionId=${patient.body.meta.versionId}`, {
      body: { ...patched.body, display: 'Stale' },
    });
    expect(stale.status).toBe(409);
    const put = await call(admin(), 'PUT', `Patients/${id}?versionId=${patched.body.meta.versionId}`, {
      body: { ...patched.body, display: 'Contract Patient 3' },
    });
    expect(put.status, put.text).toBe(200);
    expect((await call(admin(), 'GET', `Patients/${id}/_history`)).status).toBe(200);
    expect((await call(admin(), 'GET', `Patients/${id}/_history/${patient.body.meta.versionId}`)).status).toBe(200);
    expect((await call(admin(), 'POST', 'Patients/queries', { body: [{ field: 'id', op: 'near', value: 1 }] })).status).toBe(400);
    expect((await call(admin(), 'GET', 'Patients?pageSize=0')).status).toBe(400);
    expect((await call(admin(), 'DELETE', `Patients/${id}?versionId=${put.body.meta.versionId}`)).status).toBe(204);
    expect((await call(admin(), 'GET', `Patients/${id}`)).status).toBe(410);
    expect((await call(admin(), 'GET', 'Patients/no-such-patient')).status).toBe(404);
    expect((await call(admin(), 'GET', '/api/v1/Announcements')).status).toBe(200);
  });

  it('who may not: 401 without a session, 403 without the permission', async () => {
    expect((await call(t.anonymous(), 'GET', `/api/v1/practices/${t.practiceId}/Patients`)).status).toBe(401);
    const clinician = await t.createUser({ roles: ['Practitioner'] });
    expect((await call(clinician.client, 'GET', 'users')).status).toBe(403);
    expect((await call(clinician.client, 'POST', '/api/v1/database/not-yours')).status).toBe(403);
  });

  it('identity calls: the session, sign-in and its refusal, the list of sessions', async () => {
    const visitor = t.anonymous();
    expect((await call(visitor, 'GET', '/api/v1/auth/session')).status).toBe(204);
    expect(
      (await call(visitor, 'POST', '/api/v1/auth/sign-in', { body: { email: 'nobody@test.caseload', password: 'wrong-password-1' } }))
        .status,
    ).toBe(401);
    expect((await call(admin(), 'GET', '/api/v1/auth/session')).status).toBe(200);
    expect((await call(admin(), 'GET', '/api/v1/auth/sessions')).status).toBe(200);
  });

  it('practice calls: users, the grant-set catalogue, the preferences in force', async () => {
    expect((await call(admin(), 'GET', 'users')).status).toBe(200);
    const sets = await call(admin(), 'GET', 'GrantSets');
    expect(sets.status).toBe(200);
    expect((await call(admin(), 'GET', `GrantSets/${sets.body[0].id}`)).status).toBe(200);
    expect(
      (await call(admin(), 'POST', 'GrantSets/queries', { body: [{ field: 'display', op: 'startsWith', value: 'Read' }] })).status,
    ).toBe(200);
    expect((await call(admin(), 'GET', 'GrantSets/no-such-set')).status).toBe(404);
    expect((await call(admin(), 'GET', 'PracticePreferences/_effective')).status).toBe(200);
  });

  it('note calls: the queues, a sign refused, a group session refused, a merge', async () => {
    expect((await call(admin(), 'GET', 'Notes/unsigned?pageSize=5')).status).toBe(200);
    expect((await call(admin(), 'GET', 'Notes/co-sign-queue')).status).toBe(200);
    const patient = await call(admin(), 'POST', 'Patients', { body: { display: 'Noted Patient' } });
    const note = await call(admin(), 'POST', 'Notes', { body: sampleNoteBody(patient.body.id, 'Contract note') });
    expect(note.status, note.text).toBe(201);
    const sign = await call(admin(), 'POST', `Notes/${note.body.id}/sign`, { body: { versionId: note.body.meta.versionId, ...ATTESTED } });
    expect(sign.status, sign.text).toBe(403);
    expect((await call(admin(), 'POST', 'Notes/group-sessions', { body: { attendees: 'all' } })).status).toBe(400);

    const duplicate = await call(admin(), 'POST', 'Patients', { body: { display: 'Noted Patient (again)' } });
    const merged = await call(admin(), 'POST', `Patients/${patient.body.id}/merge`, { body: { duplicate: duplicate.body.id } });
    expect(merged.status, merged.text).toBe(200);
  });

  it('content: an upload answers its staged record', async () => {
    const patient = await call(admin(), 'POST', 'Patients', { body: { display: 'Scanned Patient' } });
    const media = await call(admin(), 'POST', 'Media', { body: { display: 'Contract bytes', partition: patient.body.id } });
    expect(media.status, media.text).toBe(201);
    const uploaded = await call(admin(), 'POST', `Media/${media.body.id}/content`, {
      raw: new TextEncoder().encode('hello'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect((await call(admin(), 'GET', `Media/${media.body.id}/content`)).status).toBe(200);
  });

  it('found no answer that departs from its contract', () => {
    expect(problems).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds an answer that departs from its schema, and a status no route declares', () => {
    const json = (status: number, body: unknown): ApiResponse => ({
      status,
      body,
      text: JSON.stringify(body),
      headers: new Headers({ 'content-type': 'application/json' }),
    });
    const read = `${t.url}/api/v1/practices/${t.practiceId}/GrantSets/read-patients`;
    expect(check.routeOf('GET', read)?.url).toBe('/api/v1/practices/:practiceId/GrantSets/:id');
    expect(
      check.problems('GET', read, json(404, { title: 'Not Found', status: 404, detail: 'The requested data was not found.' })),
    ).toEqual([]);
    expect(check.problems('GET', read, json(404, { status: 404, detail: 'gone', stack: 'at line 1' })).join('\n')).toMatch(
      /title[\s\S]*stack/,
    );
    expect(check.problems('GET', read, json(418, {}))).toEqual([
      `GET /api/v1/practices/${t.practiceId}/GrantSets/read-patients → 418: ` +
        `/api/v1/practices/:practiceId/GrantSets/:id does not declare the status 418.`,
    ]);
  });
});
