import { randomUUID } from 'node:crypto';
import { AUDIT_EVENT_SUBTYPES, AUDIT_EVENT_TYPES, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type ApiResponse, type TestServer, type TestUser } from '../harness.ts';
import { ensureAccount } from '../../src/identity/account-store.ts';
import { hashPassword } from '../../src/identity/password.ts';
import {
  PATCH_JSON,
  addMembership,
  auditEventsOf,
  isForbidden,
  pool,
  provisionPractice,
  storedRow,
  type StoredAuditEvent,
} from './support.ts';
import { sampleNoteBody } from '../note-samples.ts';

/**
 * The audit trail of issue 3: every call leaves the events it should, checked in the real table by
 * the request id of each response; AuditEvents are queryable by patient, user and time by those
 * holding the audit permission (the grant set "View audit log": administrative:ViewAuditLog and
 * AuditEvent:Read, held by the Administrative role), and no API call changes or deletes one.
 */

let t: TestServer;
let clinician: TestUser;
let auditor: TestUser;
let patient: Resource;

const { userAuthentication, patientRecord, query, securityAlert, auditLogUsed } = AUDIT_EVENT_TYPES;
const summary = (e: StoredAuditEvent) => ({
  practice: e.practice_id,
  type: e.body.type.code,
  subtype: e.body.subtype?.code,
  action: e.body.action,
  outcome: e.body.outcome,
});

beforeAll(async () => {
  t = await startTestServer();
  // Non-Prescribing Clinician holds Note CRUD; Administrative holds "View audit log".
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  auditor = await t.createUser({ roles: ['Administrative'] });
  patient = (await t.request('POST', 'Patients', { body: { display: 'Audited patient' } })).body;
});
afterAll(() => t?.close());

describe('sign-in and sign-out', () => {
  it('a successful sign-in leaves User Authentication / Login, Success, in the practice', async () => {
    const client = t.anonymous();
    const r = await client.signIn(clinician.email, TEST_PASSWORD);
    const events = await auditEventsOf(t, r);
    expect(events.map(summary)).toEqual([
      { practice: t.practiceId, type: userAuthentication.code, subtype: AUDIT_EVENT_SUBTYPES.login.code, action: 'E', outcome: 'Success' },
    ]);
    expect(events[0]!.body.agent.accountId).toBe(clinician.accountId);
    expect(events[0]!.body.agent.address).toBeTruthy();

    const out = await client.request('POST', '/api/v1/auth/sign-out');
    expect(out.status).toBe(204);
    expect((await auditEventsOf(t, out)).map(summary)).toEqual([
      { practice: t.practiceId, type: userAuthentication.code, subtype: AUDIT_EVENT_SUBTYPES.logout.code, action: 'E', outcome: 'Success' },
    ]);
  });

  it('a failed sign-in leaves User Authentication / Login, Failure, in the practice', async () => {
    const client = t.anonymous();
    await client.request('GET', '/api/v1/auth/session');
    const r = await client.request('POST', '/api/v1/auth/sign-in', { body: { email: clinician.email, password: 'not-the-password-1' } });
    expect(r.status).toBe(401);
    const events = await auditEventsOf(t, r);
    expect(events.map(summary)).toEqual([
      { practice: t.practiceId, type: userAuthentication.code, subtype: AUDIT_EVENT_SUBTYPES.login.code, action: 'E', outcome: 'Failure' },
    ]);
    expect(events[0]!.body.agent.accountId).toBe(clinician.accountId);
    // The clinician signs in again, so its failure count starts over.
    await client.signIn(clinician.email, TEST_PASSWORD);
  });
});

describe('resource calls', () => {
  /** The one event a call left, with who and which patient. */
  async function single(r: ApiResponse) {
    const events = await auditEventsOf(t, r);
    expect(events, `${r.status} ${r.text.slice(0, 100)}`).toHaveLength(1);
    const e = events[0]!;
    expect(e.practice_id).toBe(t.practiceId);
    return e.body;
  }

  it('reads leave Patient Record R with the patient; queries leave Query', async () => {
    const c = clinician.client;
    const note = (await c.request('POST', 'Notes', { body: sampleNoteBody(patient.id, 'n') })).body;
    const readPatient = await single(await c.request('GET', `Patients/${patient.id}`));
    expect(readPatient).toMatchObject({
      type: patientRecord,
      action: 'R',
      outcome: 'Success',
      patient: { resourceType: 'Patient', id: patient.id },
      entity: { resourceType: 'Patient', id: patient.id },
      agent: { who: clinician.profile, accountId: clinician.accountId },
    });
    const readNote = await single(await c.request('GET', `Notes/${note.id}`));
    expect(readNote).toMatchObject({
      type: patientRecord,
      action: 'R',
      patient: { id: patient.id },
      entity: { resourceType: 'Note', id: note.id },
    });
    const version = await single(await c.request('GET', `Notes/${note.id}/_history/${note.meta.versionId}`));
    expect(version).toMatchObject({ type: patientRecord, action: 'R', patient: { id: patient.id } });
    const history = await single(await c.request('GET', `Notes/${note.id}/_history`));
    expect(history).toMatchObject({ type: patientRecord, action: 'R', patient: { id: patient.id } });

    const queried = await single(
      await c.request('POST', 'Notes/queries', {
        body: [{ field: 'display', op: 'eq', value: 'n' }],
        headers: { 'x-partition-key': patient.id },
      }),
    );
    expect(queried).toMatchObject({
      type: query,
      action: 'E',
      outcome: 'Success',
      patient: { id: patient.id },
      entity: { resourceType: 'Note' },
    });
    expect(queried.entity!.query).toContain('display');
    const listed = await single(await c.request('GET', 'Patients'));
    expect(listed).toMatchObject({ type: query, entity: { resourceType: 'Patient' } });
    const counted = await single(await c.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } }));
    expect(counted).toMatchObject({ type: query });
  });

  it('a query its request refuses leaves no Query event (its audit row is written while it runs)', async () => {
    const c = clinician.client;
    const refused = [
      await c.request('POST', 'Patients/queries?orderBy=Shoe', { body: [] }),
      await c.request('POST', 'Patients/queries?pageSize=0', { body: [] }),
      await c.request('GET', 'Patients', { headers: { 'x-continuation-token': 'forged.token' } }),
      await c.request('POST', 'Notes/queries', { body: [] }),
      await c.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal', 'x-partition-key': patient.id } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    for (const r of refused) expect(await auditEventsOf(t, r), r.text).toEqual([]);
  });

  it('creates, updates and deletes leave Patient Record C, U and D with the version written', async () => {
    const c = clinician.client;
    const created = await c.request('POST', 'Notes', { body: sampleNoteBody(patient.id, 'audited') });
    const patched = await c.request('PATCH', `Notes/${created.body.id}?versionId=${created.body.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/display', value: 'audited 2' }],
    });
    const put = await c.request('PUT', `Notes/${created.body.id}?versionId=${patched.body.meta.versionId}`, {
      body: { ...patched.body, display: 'audited 3' },
    });
    const deleted = await c.request('DELETE', `Notes/${created.body.id}?versionId=${put.body.meta.versionId}`);
    expect([created.status, patched.status, put.status, deleted.status]).toEqual([201, 200, 200, 204]);
    const events = await Promise.all([created, patched, put, deleted].map(single));
    expect(events.map((e) => [e.type.code, e.action, e.patient?.id, e.entity?.id])).toEqual([
      [patientRecord.code, 'C', patient.id, created.body.id],
      [patientRecord.code, 'U', patient.id, created.body.id],
      [patientRecord.code, 'U', patient.id, created.body.id],
      [patientRecord.code, 'D', patient.id, created.body.id],
    ]);
    expect(events.slice(0, 3).map((e) => e.entity?.versionId)).toEqual([
      created.body.meta.versionId,
      patched.body.meta.versionId,
      put.body.meta.versionId,
    ]);
  });

  it('denied calls leave a Security Alert, Failure', async () => {
    const r = await clinician.client.request('GET', 'AuditEvents');
    expect(isForbidden(r)).toBe(true);
    const e = await single(r);
    expect(e).toMatchObject({ type: securityAlert, outcome: 'Failure', agent: { accountId: clinician.accountId } });
    const write = await clinician.client.request('POST', 'Practitioners', { body: { display: 'x' } });
    expect(isForbidden(write)).toBe(true);
    expect(await single(write)).toMatchObject({ type: securityAlert, outcome: 'Failure' });
  });
});

describe('reading the audit trail', () => {
  let marker: { before: string; readEvent: StoredAuditEvent; after: string };

  beforeAll(async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const read = await clinician.client.request('GET', `Patients/${patient.id}`);
    const [readEvent] = await auditEventsOf(t, read);
    marker = { before, readEvent: readEvent!, after: new Date(Date.now() + 1000).toISOString() };
  });

  it('by patient, by user and by time, for a holder of the audit permission; itself audited as Audit Log Used', async () => {
    const c = auditor.client;
    const byPatient = await c.request('POST', 'AuditEvents/queries', { body: [{ field: 'patient.id', op: 'eq', value: patient.id }] });
    expect(byPatient.status).toBe(200);
    expect(byPatient.body.map((e: StoredAuditEvent['body'] & { id: string }) => e.id)).toContain(marker.readEvent.id);
    expect(byPatient.body.every((e: StoredAuditEvent['body']) => e.patient?.id === patient.id)).toBe(true);
    const used = await auditEventsOf(t, byPatient);
    expect(used.map(summary)).toEqual([
      { practice: t.practiceId, type: auditLogUsed.code, subtype: undefined, action: 'E', outcome: 'Success' },
    ]);

    const byUser = await c.request('POST', 'AuditEvents/queries', {
      body: [{ field: 'agent.who.id', op: 'eq', value: clinician.profile.id }],
    });
    expect(byUser.status).toBe(200);
    expect(byUser.body.map((e: { id: string }) => e.id)).toContain(marker.readEvent.id);
    expect(byUser.body.every((e: StoredAuditEvent['body']) => e.agent.who?.id === clinician.profile.id)).toBe(true);

    const byTime = await c.request('POST', 'AuditEvents/queries', {
      body: [
        { field: 'meta.lastModified', op: 'ge', value: marker.before },
        { field: 'meta.lastModified', op: 'le', value: marker.after },
      ],
    });
    expect(byTime.status).toBe(200);
    expect(byTime.body.map((e: { id: string }) => e.id)).toContain(marker.readEvent.id);
    expect(byTime.body.every((e: StoredAuditEvent['body']) => e.recorded >= marker.before && e.recorded <= marker.after)).toBe(true);

    const one = await c.request('GET', `AuditEvents/${marker.readEvent.id}`);
    expect(one.status).toBe(200);
    expect((await auditEventsOf(t, one)).map((e) => [e.body.type.code, e.body.action])).toEqual([[auditLogUsed.code, 'R']]);
  });

  it('is a 403 for a Practitioner, by query, by id and as a count', async () => {
    const prac = await t.createUser({ roles: ['Practitioner'] });
    const calls = [
      await prac.client.request('POST', 'AuditEvents/queries', { body: [{ field: 'patient.id', op: 'eq', value: patient.id }] }),
      await prac.client.request('GET', `AuditEvents/${marker.readEvent.id}`),
      await prac.client.request('POST', 'AuditEvents/queries', { body: [], headers: { prefer: 'return=minimal' } }),
    ];
    expect(calls.map(isForbidden)).toEqual([true, true, true]);
  });

  it('no API call can change or delete an AuditEvent (405 or 403), and the event is unchanged', async () => {
    const id = marker.readEvent.id;
    const before = await storedRow(t, 'r_audit_event', t.practiceId, id);
    const body = { ...(before!.body as Record<string, unknown>), outcome: 'Failure' };
    const version = (before!.body as { meta: { versionId: string } }).meta.versionId;
    const admin = t.admin;
    const statuses: Record<string, number> = {};
    for (const [who, c] of [
      ['auditor', auditor.client],
      ['SysAdmin', admin],
      ['clinician', clinician.client],
    ] as const) {
      const calls: [string, Promise<ApiResponse>][] = [
        [
          'POST',
          c.request('POST', 'AuditEvents', { body: { type: AUDIT_EVENT_TYPES.patientRecord, action: 'R', outcome: 'Success', agent: {} } }),
        ],
        ['PUT', c.request('PUT', `AuditEvents/${id}?versionId=${version}`, { body })],
        ['PUT new id', c.request('PUT', `AuditEvents/forged-${who}`, { body: { ...body, id: `forged-${who}` } })],
        [
          'PATCH',
          c.request('PATCH', `AuditEvents/${id}?versionId=${version}`, {
            headers: PATCH_JSON,
            body: [{ op: 'replace', path: '/outcome', value: 'Failure' }],
          }),
        ],
        ['DELETE', c.request('DELETE', `AuditEvents/${id}?versionId=${version}`)],
        ['POST content', c.request('POST', `AuditEvents/${id}/content`, { raw: 'x', headers: { 'content-type': 'text/plain' } })],
        ['DELETE content', c.request('DELETE', `AuditEvents/${id}/content?purge=true`)],
      ];
      for (const [name, pending] of calls) statuses[`${who} ${name}`] = (await pending).status;
    }
    for (const [call, status] of Object.entries(statuses)) expect([403, 405], `${call} -> ${status}`).toContain(status);
    const after = await storedRow(t, 'r_audit_event', t.practiceId, id);
    expect(after).toEqual(before);
    const forged = await pool(t).query(`SELECT id FROM r_audit_event WHERE id LIKE 'forged-%'`);
    expect(forged.rows).toEqual([]);
  });

  it("removing a practice network's database keeps its audit trail (append-only, no API call deletes one)", async () => {
    const practiceId = await provisionPractice(t, 'removed');
    // A member of that practice signs in: the Login event is filed under the practice. (A sign-in,
    // not a practice call, so the harness's every-call-audited check is not what this measures.)
    const email = `removed-${randomUUID().slice(0, 8)}@test.caseload`;
    const account = await ensureAccount(pool(t), email, { passwordHash: await hashPassword(TEST_PASSWORD) });
    await addMembership(t, account.id, practiceId, 'Practitioner', 'someone', ['Practitioner']);
    const signedIn = await t.anonymous().signIn(email, TEST_PASSWORD);
    const [event] = await auditEventsOf(t, signedIn);
    expect(event?.practice_id).toBe(practiceId);
    expect((await t.request('DELETE', `/api/v1/database/${practiceId}`)).status).toBe(204);
    const kept = await pool(t).query('SELECT id FROM r_audit_event WHERE id = $1', [event!.id]);
    expect(
      kept.rows.map((r) => r.id),
      'the audit event of a removed practice',
    ).toEqual([event!.id]);
  });
});
