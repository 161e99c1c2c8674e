import { PHQ9_ID } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

/**
 * Outcomes from signed notes (docs/care-plans.md): signing a note whose session scored a PHQ-9
 * makes a CarePlanOutcome of kind Score for the patient's active plan (of the goal whose measure
 * names the PHQ-9), and the note's `derivedFrom` points at it; an amendment updates the same
 * outcome, entered in error withdraws it; a patient without an active plan gets none.
 */
let t: TestServer;
let clinician: TestUser;
let definitionId: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
const phq9 = (values: number[]) => ({
  ...Object.fromEntries(values.map((v, i) => [`phq9-${i + 1}`, String(v)])),
  'phq9-10': 'somewhat',
});
const SESSION_START = '2024-05-02T18:30:00Z';

async function newPatient(family: string): Promise<string> {
  const r = await t.request('POST', 'Patients', { body: { names: [{ given: ['Olive'], family }], birthDate: '1985-02-11' } });
  expect(r.status).toBe(201);
  return r.body.id;
}

async function writePlan(patientId: string) {
  const plan = await clinician.client.request('POST', 'CarePlans', {
    body: {
      partition: patientId,
      status: 'Active',
      title: 'Depression plan',
      elements: [
        { id: 'g1', kind: 'Goal', text: 'Lift the low mood', measure: 'PHQ-9 below 10' },
        { id: 'g2', kind: 'Goal', text: 'Return to work' },
      ],
    },
  });
  expect(plan.status, plan.text).toBe(201);
  return plan.body.id as string;
}

async function writeNote(patientId: string, mood: Record<string, string>) {
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId),
      visitStatus: 'Show',
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      location: { location: ref('Location', 'loc-main', 'Main clinic'), placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: SESSION_START, minutes: 55 },
    },
  });
  expect(e.status, e.text).toBe(201);
  const n = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      kind: 'Note',
      title: 'Progress note',
      definition: ref('NoteDefinition', definitionId),
      encounter: ref('Encounter', e.body.id),
      encounterDate: SESSION_START,
      completion: 'Complete',
      sections: [
        { key: 'narrative', title: 'Session narrative', kind: 'Narrative', narrative: '<p>Reviewed the week.</p>' },
        { key: 'mood', title: 'Depression screen', kind: 'Assessment', form: ref('Questionnaire', PHQ9_ID), answers: mood },
      ],
    },
  });
  expect(n.status, n.text).toBe(201);
  return n.body as { id: string; meta: { versionId: string } };
}

const sign = (id: string, versionId: string) => clinician.client.request('POST', `Notes/${id}/sign`, { body: { versionId, ...ATTESTED } });

async function outcomesOf(patientId: string) {
  const r = await clinician.client.request('POST', 'CarePlanOutcomes/queries', { body: [], headers: { 'x-partition-key': patientId } });
  expect(r.status, r.text).toBe(200);
  return r.body as Record<string, any>[];
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const definition = await t.request('POST', 'NoteDefinitions', {
    body: {
      name: 'Progress note with a PHQ-9',
      kind: 'Individual',
      status: 'Active',
      durationMode: 'DurationMinutes',
      sections: [
        { key: 'narrative', title: 'Session narrative', kind: 'Narrative' },
        { key: 'mood', title: 'Depression screen', kind: 'Assessment', form: ref('Questionnaire', PHQ9_ID) },
      ],
    },
  });
  expect(definition.status).toBe(201);
  definitionId = definition.body.id;
});
afterAll(() => t?.close());

describe('outcomes from signed notes', () => {
  it("signing makes a Score outcome of the active plan's PHQ-9 goal; amending updates it, entered in error withdraws it", async () => {
    const patientId = await newPatient('Outcome');
    const planId = await writePlan(patientId);
    const note = await writeNote(patientId, phq9([2, 2, 1, 2, 1, 1, 2, 2, 1]));
    const signed = await sign(note.id, note.meta.versionId);
    expect(signed.status, signed.text).toBe(200);

    const [outcome, ...others] = await outcomesOf(patientId);
    expect(others).toEqual([]);
    const response = (
      await clinician.client.request('POST', 'QuestionnaireResponses/queries', {
        body: [{ field: 'derivedFrom.note.id', op: 'eq', value: note.id }],
        headers: { 'x-partition-key': patientId },
      })
    ).body[0];
    expect(outcome).toMatchObject({
      partition: patientId,
      carePlan: { resourceType: 'CarePlan', id: planId, display: 'Depression plan' },
      element: 'g1',
      kind: 'Score',
      value: 14,
      date: '2024-05-02',
      instrument: { resourceType: 'Questionnaire', id: PHQ9_ID },
      response: { resourceType: 'QuestionnaireResponse', id: response.id },
      author: { resourceType: 'Practitioner', id: clinician.profile.id },
    });
    // The answer is the note as it now stands, pointing at the outcome; so is the stored note.
    expect(signed.body.note.derivedFrom).toEqual([{ resourceType: 'CarePlanOutcome', id: outcome!.id }]);
    const stored = (await clinician.client.request('GET', `Notes/${note.id}`)).body;
    expect(stored.derivedFrom).toEqual([{ resourceType: 'CarePlanOutcome', id: outcome!.id }]);
    expect(stored.meta.versionId).toBe(signed.body.note.meta.versionId);
    expect(stored.status).toBe('Final');
    const thread = (await clinician.client.request('GET', `CarePlans/${planId}/thread`)).body;
    expect(thread.outcomes.map((o: { id: string }) => o.id)).toEqual([outcome!.id]);

    const sections = stored.sections.map((s: { key: string }) =>
      s.key === 'mood' ? { ...s, answers: phq9([0, 1, 0, 0, 0, 0, 1, 0, 0]) } : s,
    );
    const amended = await clinician.client.request('POST', `Notes/${note.id}/amend`, {
      body: { versionId: stored.meta.versionId, reason: 'Scored the wrong sheet.', changes: { sections } },
    });
    expect(amended.status, amended.text).toBe(200);
    const after = await outcomesOf(patientId);
    expect(after.map((o) => [o.id, o.value])).toEqual([[outcome!.id, 2]]);
    expect(amended.body.derivedFrom).toEqual([{ resourceType: 'CarePlanOutcome', id: outcome!.id }]);

    const eie = await clinician.client.request('POST', `Notes/${note.id}/entered-in-error`, {
      body: { versionId: amended.body.meta.versionId, reason: 'Wrong patient.' },
    });
    expect(eie.status, eie.text).toBe(200);
    expect(await outcomesOf(patientId)).toEqual([]);
    expect(eie.body.derivedFrom).toBeUndefined();
  });

  it('a patient without an active plan gets no outcome, and the note no derivedFrom', async () => {
    const patientId = await newPatient('Planless');
    const note = await writeNote(patientId, phq9([1, 1, 1, 1, 1, 1, 1, 1, 0]));
    const signed = await sign(note.id, note.meta.versionId);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.note.derivedFrom).toBeUndefined();
    expect(signed.body.note.meta.versionId).toBe((await clinician.client.request('GET', `Notes/${note.id}`)).body.meta.versionId);
    expect(await outcomesOf(patientId)).toEqual([]);
  });
});
