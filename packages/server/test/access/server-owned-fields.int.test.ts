import { NOTE_MESSAGES, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { sampleNoteBody } from '../note-samples.ts';
import { PATCH_JSON, storedRow } from './support.ts';

/**
 * Body fields an access decision or a rule reads are the server's (issue 17): a client's write
 * can neither set nor change them. `created`, owners and a security token's expiry are checked on
 * every type by the permission matrix and security-tokens.int.test.ts; these are the rest.
 */

let t: TestServer;
let clinician: TestUser;
let patient: Resource;

async function seed(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  patient = await seed('Patients', { names: [{ given: ['Owen'], family: 'Fields' }] });
}, 120_000);
afterAll(() => t?.close());

describe("a patient's mergedInto", () => {
  it('is written by merging only: a client setting it on a live patient is refused, and the chart stays open', async () => {
    const live = await seed('Patients', { names: [{ given: ['Lee'], family: 'Live' }] });
    const mark = { resourceType: 'Patient', id: patient.id };
    const put = await t.request('PUT', `Patients/${live.id}?versionId=${live.meta.versionId}`, { body: { ...live, mergedInto: mark } });
    const patch = await t.request('PATCH', `Patients/${live.id}?versionId=${live.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/mergedInto', value: mark }],
    });
    const created = await t.request('POST', 'Patients', { body: { names: [{ given: ['New'], family: 'Merged' }], mergedInto: mark } });
    for (const r of [put, patch, created]) {
      expect(r.status, r.text).toBe(400);
      expect(r.body.issues).toEqual([
        { path: 'mergedInto', message: 'mergedInto is set by merging patients and cannot be written directly.' },
      ]);
    }
    expect((await storedRow(t, 'r_patient', t.practiceId, live.id))?.version_id).toBe(live.meta.versionId);
    expect((await t.request('POST', 'Notes', { body: sampleNoteBody(live.id, 'still open') })).status).toBe(201);
  });
});

describe('the groupSession link of a note or an encounter', () => {
  const link = (facilitator: string) => ({
    id: 'planted-session',
    present: true,
    attendeeCount: 1,
    facilitator: { resourceType: 'Practitioner', id: facilitator },
  });
  const refusal = [{ path: 'groupSession', message: NOTE_MESSAGES.groupSessionLink }];

  it('is written by the group-session call only: no client create or update sets, moves or drops it', async () => {
    const c = clinician.client;
    const planted = await c.request('POST', 'Notes', {
      body: sampleNoteBody(patient.id, 'planted', { groupSession: link(clinician.profile.id) }),
    });
    const plantedEncounter = await c.request('POST', 'Encounters', {
      body: { partition: patient.id, groupSession: link(clinician.profile.id) },
    });
    for (const r of [planted, plantedEncounter]) expect([r.status, r.body.issues]).toEqual([400, refusal]);

    const note = (await c.request('POST', 'Notes', { body: sampleNoteBody(patient.id, 'individual') })).body;
    const added = await c.request('PATCH', `Notes/${note.id}?versionId=${note.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/groupSession', value: link(clinician.profile.id) }],
    });
    expect([added.status, added.body.issues]).toEqual([400, refusal]);

    const session = await c.request('POST', 'Notes/group-sessions', {
      body: {
        encounter: { sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T15:00:00Z', minutes: 60 } },
        attendees: [{ patient: { resourceType: 'Patient', id: patient.id }, present: true }],
      },
    });
    expect(session.status, session.text).toBe(201);
    const { note: groupNote, encounter } = session.body.attendees[0];
    expect(groupNote.groupSession.id).toBe(session.body.groupSessionId);
    const moved = await c.request('PUT', `Notes/${groupNote.id}?versionId=${groupNote.meta.versionId}`, {
      body: { ...groupNote, groupSession: { ...groupNote.groupSession, id: 'another' } },
    });
    const dropped = await c.request('PUT', `Encounters/${encounter.id}?versionId=${encounter.meta.versionId}`, {
      body: { ...encounter, groupSession: undefined },
    });
    for (const r of [moved, dropped]) expect([r.status, r.body.issues]).toEqual([400, refusal]);
    const kept = await c.request('PUT', `Notes/${groupNote.id}?versionId=${groupNote.meta.versionId}`, {
      body: { ...groupNote, title: 'Group' },
    });
    expect(kept.status, kept.text).toBe(200);
  });
});

describe("a portal login's packet responses", () => {
  it('answer packets assigned to the patient; a packet it was not assigned cannot be named, nor reached by naming it', async () => {
    const form = await seed('Forms', { title: 'Intake form', status: 'Active', items: [{ linkId: 'q', type: 'String', text: 'Why?' }] });
    const packet = (title: string) =>
      seed('Packets', {
        name: title,
        forms: [
          { key: 'intake', kind: 'Questionnaire', title: 'Intake form', required: true, form: { resourceType: 'Form', id: form.id } },
        ],
      });
    const [assigned, other] = [await packet('Assigned'), await packet('Not assigned')];
    await seed('PacketResponses', { partition: patient.id, packet: { resourceType: 'Packet', id: assigned.id } });
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patient.id });
    const c = portal.client;

    const own = await c.request('POST', 'PacketResponses', {
      body: { partition: patient.id, packet: { resourceType: 'Packet', id: assigned.id } },
    });
    expect(own.status, own.text).toBe(201);
    const selfAssigned = await c.request('POST', 'PacketResponses', {
      body: { partition: patient.id, packet: { resourceType: 'Packet', id: other.id } },
    });
    const switched = await c.request('PATCH', `PacketResponses/${own.body.id}?versionId=${own.body.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/packet', value: { resourceType: 'Packet', id: other.id } }],
    });
    for (const r of [selfAssigned, switched]) {
      expect(r.status, r.text).toBe(400);
      expect(r.body.issues).toEqual([{ path: 'packet', message: 'packet must be a packet assigned to the patient.' }]);
    }
    expect((await c.request('GET', `Packets/${other.id}`)).status).toBe(404);
    expect((await c.request('GET', `Packets/${assigned.id}`)).status).toBe(200);
  });
});
