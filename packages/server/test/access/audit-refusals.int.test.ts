import { AUDIT_EVENT_TYPES, SUB_STATUS, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer, type TestUser } from '../harness.ts';
import { sampleNoteBody } from '../note-samples.ts';
import { PATCH_JSON, auditEventsOf, isForbidden, isNotFound, type StoredAuditEvent } from './support.ts';

/**
 * Refused attempts on patient data are in the audit trail (issue 17, "Audit gaps"; HIPAA
 * §164.312(b)): a call answered 404 because the patient is out of reach, 404 because the id does
 * not exist, 410 because it was deleted, or 403 for want of a permission leaves one Failure event
 * naming the account, the acting profile, the resource and, when the server knows it, the patient,
 * and says why. The caller still cannot tell an out-of-reach id from a missing one.
 */

let t: TestServer;
/** A Non-Prescribing Clinician (Note CRUD) on the care team of `inReach` only. */
let clinician: TestUser;
/** A Practitioner: reads notes and patients, may not delete a note. */
let reader: TestUser;
let inReach: Resource;
let outOfReach: Resource;
let noteIn: Resource;
let noteOut: Resource;

const { patientRecord, securityAlert } = AUDIT_EVENT_TYPES;
const MISSING = 'no-such-note-17';
const team = (id: string) => ({ careTeam: [{ member: { resourceType: 'Practitioner', id } }] });

async function created(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`creating ${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** The one event a call left, checked to be a failure filed under the test's practice. */
async function failure(r: ApiResponse): Promise<StoredAuditEvent['body']> {
  const events = await auditEventsOf(t, r);
  expect(events, `${r.status} ${r.text.slice(0, 120)}`).toHaveLength(1);
  const e = events[0]!;
  expect(e.practice_id).toBe(t.practiceId);
  expect(e.body.outcome).toBe('Failure');
  expect(e.body.description, 'a failure says why').toBeTruthy();
  return e.body;
}

/** What an out-of-reach or missing answer shows the caller: status, body, header names and the database work. */
function visibleShape(r: ApiResponse) {
  const timing = r.headers.get('server-timing') ?? '';
  const headers: string[] = [];
  r.headers.forEach((_value, name) => headers.push(name));
  return {
    status: r.status,
    body: r.body,
    headers: headers.sort(),
    statements: /"(\d+) statements"/.exec(timing)?.[1],
    charge: /charge;desc="(\d+)"/.exec(timing)?.[1],
  };
}

beforeAll(async () => {
  t = await startTestServer();
  await created('PracticePreferences', { display: 'preferences', patientPopulationLevel: 'CareTeam' });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  reader = await t.createUser({ roles: ['Practitioner'] });
  inReach = await created('Patients', { display: 'Reached, Rita', ...team(clinician.profile.id) });
  outOfReach = await created('Patients', { display: 'Elsewhere, Ed' });
  noteIn = await created('Notes', sampleNoteBody(inReach.id, 'reachable note'));
  noteOut = await created('Notes', sampleNoteBody(outOfReach.id, 'unreachable note'));
  const uploaded = await t.request('POST', `Notes/${noteOut.id}/content`, {
    raw: 'private scan',
    headers: { 'content-type': 'text/plain' },
  });
  expect([200, 201]).toContain(uploaded.status);
  noteOut = uploaded.body;
}, 120_000);
afterAll(() => t?.close());

describe('a patient out of reach (404)', () => {
  const expectOutOfReach = (e: StoredAuditEvent['body'], action: string, entity: Record<string, unknown>) =>
    expect(e).toMatchObject({
      type: patientRecord,
      action,
      agent: { who: clinician.profile, accountId: clinician.accountId },
      entity,
      patient: { resourceType: 'Patient', id: outOfReach.id },
    });

  it('a read, history, version read and content download each leave a failed read naming the patient', async () => {
    const c = clinician.client;
    const v = noteOut.meta.versionId;
    for (const path of [
      `Notes/${noteOut.id}`,
      `Notes/${noteOut.id}?expand=subject`,
      `Notes/${noteOut.id}/_history`,
      `Notes/${noteOut.id}/_history/${v}`,
      `Notes/${noteOut.id}/content`,
      `Notes/${noteOut.id}/_history/${v}/content`,
    ]) {
      const r = await c.request('GET', path);
      expect(isNotFound(r), `GET ${path} -> ${r.status}`).toBe(true);
      const e = await failure(r);
      expectOutOfReach(e, 'R', { resourceType: 'Note', id: noteOut.id });
      expect(e.description, path).toMatch(/outside the caller's reach/);
    }
    const patient = await failure(await c.request('GET', `Patients/${outOfReach.id}`));
    expect(patient).toMatchObject({ action: 'R', entity: { resourceType: 'Patient', id: outOfReach.id }, patient: { id: outOfReach.id } });
  });

  it('a PATCH, PUT, DELETE and content upload each leave a failed write naming the patient', async () => {
    const c = clinician.client;
    const v = `?versionId=${noteOut.meta.versionId}`;
    const calls: [string, Promise<ApiResponse>][] = [
      [
        'U',
        c.request('PATCH', `Notes/${noteOut.id}${v}`, { headers: PATCH_JSON, body: [{ op: 'replace', path: '/display', value: 'x' }] }),
      ],
      ['U', c.request('PUT', `Notes/${noteOut.id}${v}`, { body: { ...noteOut, display: 'x' } })],
      ['D', c.request('DELETE', `Notes/${noteOut.id}${v}`)],
      ['U', c.request('POST', `Notes/${noteOut.id}/content`, { raw: 'overwritten', headers: { 'content-type': 'text/plain' } })],
      ['U', c.request('DELETE', `Notes/${noteOut.id}/content`)],
    ];
    for (const [action, pending] of calls) {
      const r = await pending;
      expect(r.status, r.text).toBe(404);
      expectOutOfReach(await failure(r), action, { resourceType: 'Note', id: noteOut.id });
    }
  });

  it("a create in the patient's chart and a security token for the patient leave failed creates naming the patient", async () => {
    const c = clinician.client;
    const create = await c.request('POST', 'Notes', { body: sampleNoteBody(outOfReach.id, 'planted') });
    expect(create.status).toBe(404);
    expectOutOfReach(await failure(create), 'C', { resourceType: 'Note' });
    const upsert = await c.request('PUT', 'Notes/planted-17', { body: { ...sampleNoteBody(outOfReach.id, 'planted'), id: 'planted-17' } });
    expect(upsert.status).toBe(404);
    expectOutOfReach(await failure(upsert), 'U', { resourceType: 'Note', id: 'planted-17' });

    const token = await c.request('POST', 'SecurityTokens', {
      body: {
        patientAllowances: [
          { resourceType: 'Patient', id: inReach.id },
          { resourceType: 'Patient', id: outOfReach.id },
        ],
      },
    });
    expect(token.status).toBe(404);
    const events = await auditEventsOf(t, token);
    expect(events.map((e) => [e.body.outcome, e.body.action, e.body.entity?.resourceType, e.body.patient?.id])).toEqual([
      ['Failure', 'C', 'SecurityToken', outOfReach.id],
    ]);
    expect(events[0]!.body.agent).toMatchObject({ who: clinician.profile, accountId: clinician.accountId });
  });

  it(
    'answers exactly like a missing id: same status, body, headers ' + 'and database work; the missing id is audited without a patient',
    async () => {
      const c = clinician.client;
      // Warm both paths once, so neither pays for a first statement's preparation.
      await c.request('GET', `Notes/${noteOut.id}`);
      await c.request('GET', `Notes/${MISSING}`);
      const out = await c.request('GET', `Notes/${noteOut.id}`);
      const missing = await c.request('GET', `Notes/${MISSING}`);
      expect(visibleShape(out)).toEqual(visibleShape(missing));

      const e = await failure(missing);
      expect(e).toMatchObject({
        type: patientRecord,
        action: 'R',
        entity: { resourceType: 'Note', id: MISSING },
        agent: { who: clinician.profile },
      });
      expect(e.patient).toBeUndefined();
      expect(e.description).toMatch(/no Note has this id/);
      const patch = await c.request('PATCH', `Notes/${MISSING}?versionId=v1`, {
        headers: PATCH_JSON,
        body: [{ op: 'replace', path: '/display', value: 'x' }],
      });
      expect(isNotFound(patch)).toBe(true);
      expect(await failure(patch)).toMatchObject({ action: 'U', entity: { resourceType: 'Note', id: MISSING } });
    },
  );

  it('a successful read still leaves one Success event and costs no statement more than before', async () => {
    const r = await clinician.client.request('GET', `Notes/${noteIn.id}`);
    expect(r.status).toBe(200);
    const events = await auditEventsOf(t, r);
    expect(events.map((e) => [e.body.outcome, e.body.patient?.id])).toEqual([['Success', inReach.id]]);
    // The read by id is the request's only statement (the caller is cached from the calls before).
    expect(/"(\d+) statements"/.exec(r.headers.get('server-timing') ?? '')?.[1]).toBe('1');
  });
});

describe('a merge that reads with the caller reach itself', () => {
  it('a merge of a patient out of reach is a failed update of the survivor, naming the other patient in why', async () => {
    // Merge patients without Access all patients: the practice's CareTeam level applies.
    const role = await created('SecurityRoles', { display: 'Merger', grantSets: ['Merge patients'] });
    const merger = await t.createUser({ roles: [`SecurityRole/${role.id}`] });
    const survivor = await created('Patients', { display: 'Survivor, Sam', ...team(merger.profile.id) });
    const r = await merger.client.request('POST', `Patients/${survivor.id}/merge`, { body: { duplicate: outOfReach.id } });
    expect(isNotFound(r), r.text).toBe(true);
    const e = await failure(r);
    expect(e).toMatchObject({
      type: patientRecord,
      action: 'U',
      agent: { who: merger.profile, accountId: merger.accountId },
      entity: { resourceType: 'Patient', id: survivor.id },
      patient: { id: survivor.id },
    });
    expect(e.description).toContain(`Patient/${outOfReach.id}`);
  });
});

describe('a deleted resource (410)', () => {
  it('a read leaves a failed read that says it was deleted', async () => {
    const note = await created('Notes', sampleNoteBody(inReach.id, 'to delete'));
    expect((await t.request('DELETE', `Notes/${note.id}?versionId=${note.meta.versionId}`)).status).toBe(204);
    const r = await clinician.client.request('GET', `Notes/${note.id}`);
    expect(r.status).toBe(410);
    const e = await failure(r);
    expect(e).toMatchObject({
      type: patientRecord,
      action: 'R',
      entity: { resourceType: 'Note', id: note.id },
      patient: { id: inReach.id },
    });
    expect(e.description).toMatch(/deleted/);
  });
});

describe('a missing permission (403)', () => {
  it('a delete the role does not allow is one Security Alert naming the profile, the resource, the patient and why', async () => {
    const r = await reader.client.request('DELETE', `Notes/${noteIn.id}?versionId=${noteIn.meta.versionId}`);
    expect(isForbidden(r)).toBe(true);
    const e = await failure(r);
    expect(e).toMatchObject({
      type: securityAlert,
      action: 'D',
      agent: { who: reader.profile, accountId: reader.accountId },
      entity: { resourceType: 'Note', id: noteIn.id },
      patient: { resourceType: 'Patient', id: inReach.id },
    });
    expect(e.description).toMatch(/Delete/);
  });

  it('a query the role does not allow is a Security Alert naming the collection and the query', async () => {
    const r = await reader.client.request('POST', 'AuditEvents/queries', { body: [{ field: 'patient.id', op: 'eq', value: inReach.id }] });
    expect(isForbidden(r)).toBe(true);
    const e = await failure(r);
    expect(e).toMatchObject({ type: securityAlert, action: 'E', agent: { who: reader.profile }, entity: { resourceType: 'AuditEvent' } });
    expect(e.entity!.query).toContain(inReach.id);
  });

  it('a refused security token names the profile, the resource and its patient', async () => {
    const r = await clinician.client.request('GET', `Notes/${noteIn.id}`, { headers: { 'x-security-token': 'no-such-token:v1' } });
    expect([r.status, r.body.subStatus]).toEqual([403, SUB_STATUS.invalidSecurityToken]);
    const e = await failure(r);
    expect(e).toMatchObject({
      type: securityAlert,
      action: 'R',
      agent: { who: clinician.profile, accountId: clinician.accountId },
      entity: { resourceType: 'Note', id: noteIn.id },
      patient: { id: inReach.id },
    });
  });
});

describe('the grant-set catalogue, read like any collection', () => {
  it('a read of a set that is not in the catalogue leaves a failed read naming it, as a missing id of any type does', async () => {
    const r = await t.request('GET', 'GrantSets/no-such-grant-set');
    expect(isNotFound(r)).toBe(true);
    const e = await failure(r);
    expect(e).toMatchObject({ action: 'R', entity: { resourceType: 'GrantSet', id: 'no-such-grant-set' } });
    expect(e.description).toMatch(/no GrantSet has this id/);
  });

  it("a list refused for want of GrantSet Read leaves one failed query, as any collection's does", async () => {
    const role = await created('SecurityRoles', { display: 'Reads notes only', grantSets: ['Read patients'] });
    const narrow = await t.createUser({ roles: [`SecurityRole/${role.id}`] });
    const r = await narrow.client.request('GET', 'GrantSets');
    expect(isForbidden(r)).toBe(true);
    const refusedElsewhere = await narrow.client.request('GET', 'SecurityRoles');
    expect(isForbidden(refusedElsewhere)).toBe(true);
    const [mine, theirs] = [await failure(r), await failure(refusedElsewhere)];
    expect(mine).toMatchObject({ type: theirs.type, action: 'E', entity: { resourceType: 'GrantSet' }, agent: { who: narrow.profile } });
    expect(mine.description?.replace('GrantSet', 'SecurityRole')).toBe(theirs.description);
  });
});
