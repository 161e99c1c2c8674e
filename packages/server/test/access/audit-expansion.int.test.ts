import { AUDIT_EVENT_TYPES, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { sampleNoteBody } from '../note-samples.ts';
import { auditEventsOf, mapLimit, type StoredAuditEvent } from './support.ts';

/**
 * Data returned through `expand` is audited (issue 17, "Audit gaps"): every resource an answer
 * carries, expanded or not, leaves a read under its own patient, in one batch of audit rows per
 * answer; an expansion refused because its patient is out of reach leaves a failed read naming
 * that patient.
 */

let t: TestServer;
let clinician: TestUser;
let inReach: Resource;
let outOfReach: Resource;

const { patientRecord, query } = AUDIT_EVENT_TYPES;
const team = (id: string) => ({ careTeam: [{ member: { resourceType: 'Practitioner', id } }] });
const PAGE = 100;

async function created(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`creating ${path}: ${r.status} ${r.text}`);
  return r.body;
}

const summary = (e: StoredAuditEvent) => ({
  type: e.body.type.code,
  action: e.body.action,
  outcome: e.body.outcome,
  entity: `${e.body.entity?.resourceType}/${e.body.entity?.id}`,
  patient: e.body.patient?.id,
});

beforeAll(async () => {
  t = await startTestServer();
  await created('PracticePreferences', { display: 'preferences', patientPopulationLevel: 'CareTeam' });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  inReach = await created('Patients', { display: 'Reached, Rita', ...team(clinician.profile.id) });
  outOfReach = await created('Patients', { display: 'Elsewhere, Ed' });
}, 120_000);
afterAll(() => t?.close());

describe('expand on a read', () => {
  it('GET Notes/{id}?expand=subject audits the Note and the Patient it returns, each under the patient', async () => {
    const note = await created('Notes', sampleNoteBody(inReach.id, 'expanded note'));
    const r = await clinician.client.request('GET', `Notes/${note.id}?expand=subject`);
    expect(r.status).toBe(200);
    expect(r.body.subject.resource.id).toBe(inReach.id);
    const events = await auditEventsOf(t, r);
    expect(events.map(summary).sort((a, b) => a.entity.localeCompare(b.entity))).toEqual([
      { type: patientRecord.code, action: 'R', outcome: 'Success', entity: `Note/${note.id}`, patient: inReach.id },
      { type: patientRecord.code, action: 'R', outcome: 'Success', entity: `Patient/${inReach.id}`, patient: inReach.id },
    ]);
    const expanded = events.find((e) => e.body.entity?.resourceType === 'Patient')!;
    expect(expanded.body.agent).toMatchObject({ who: clinician.profile, accountId: clinician.accountId });
    expect(expanded.body.entity?.versionId).toBe(inReach.meta.versionId);
    expect(expanded.body.description).toContain('subject');
  });

  it('an expansion refused for reach is a failed read naming that patient; the answer carries only the expansion error', async () => {
    const channel = await clinician.client.request('POST', 'Channels', {
      body: { display: 'Two patients', patient: { resourceType: 'Patient', id: outOfReach.id } },
    });
    expect(channel.status, channel.text).toBe(201);
    const r = await clinician.client.request('GET', `Channels/${channel.body.id}?expand=patient`);
    expect(r.status).toBe(200);
    expect(r.body.patient.resource).toBeUndefined();
    expect(r.body.patient.expansionError).toBeTruthy();
    const events = await auditEventsOf(t, r);
    expect(events.map(summary).sort((a, b) => a.entity.localeCompare(b.entity))).toEqual([
      { type: patientRecord.code, action: 'R', outcome: 'Success', entity: `Channel/${channel.body.id}`, patient: undefined },
      { type: patientRecord.code, action: 'R', outcome: 'Failure', entity: `Patient/${outOfReach.id}`, patient: outOfReach.id },
    ]);
    const refused = events.find((e) => e.body.outcome === 'Failure')!;
    expect(refused.body.description).toMatch(/outside the caller's reach/);
  });
});

describe('expand on a page', () => {
  it(`a page of ${PAGE} notes of ${PAGE} patients with expand=subject audits each patient once, in one batch`, async () => {
    const patients = await mapLimit(
      Array.from({ length: PAGE }, (_, i) => i),
      8,
      (i) => created('Patients', { display: `Paged, Pat ${i}`, ...team(clinician.profile.id) }),
    );
    await mapLimit(patients, 8, (p) => created('Notes', sampleNoteBody(p.id, 'paged note')));
    const r = await clinician.client.request('POST', `Notes/queries?pageSize=${PAGE}&expand=subject`, {
      body: [{ field: 'display', op: 'eq', value: 'paged note' }],
      headers: { 'x-enable-cross-partition': 'true' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(PAGE);
    const events = await auditEventsOf(t, r);
    const queried = events.filter((e) => e.body.type.code === query.code);
    const expanded = events.filter((e) => e.body.type.code === patientRecord.code);
    expect(queried).toHaveLength(1);
    expect(expanded.map((e) => e.body.patient?.id).sort()).toEqual(patients.map((p) => p.id).sort());
    expect(expanded.every((e) => e.body.entity?.id === e.body.patient?.id && e.body.outcome === 'Success')).toBe(true);
    // One INSERT stamps its whole batch with one time: the expansions were not a statement each.
    expect(new Set(expanded.map((e) => e.body.recorded)).size).toBe(1);

    const again = await clinician.client.request('POST', `Notes/queries?pageSize=5&expand=subject,subject`, {
      body: [{ field: 'partition', op: 'eq', value: patients[0]!.id }],
      headers: { 'x-enable-cross-partition': 'true' },
    });
    expect(again.status).toBe(200);
    const repeated = (await auditEventsOf(t, again)).filter((e) => e.body.type.code === patientRecord.code);
    expect(
      repeated.map((e) => e.body.entity?.id),
      'a resource expanded twice is one event',
    ).toEqual([patients[0]!.id]);
  });
});
