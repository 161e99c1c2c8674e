import { GAD7_ID, NOTE_ASSESSMENT_MESSAGES, PHQ9, PHQ9_ID } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfLines } from '../../test/pdf-lines.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

/**
 * Assessments inside notes are real assessments (docs/forms.md, "Assessments in notes"): signing
 * a note whose section holds a PHQ-9 records a QuestionnaireResponse in the patient's chart, with
 * the server's score and a link to the note, inside the signing transaction; an amendment updates
 * it, entered in error withdraws it, and nobody else may write it. The printout reads each
 * question with its answer's words and points, the total, the band and the item-9 alert. Runs
 * against the embedded and the machine's database.
 */
let t: TestServer;
let clinician: TestUser;
let patientId: string;
let definitionId: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
const phq9 = (values: number[], extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(values.map((v, i) => [`phq9-${i + 1}`, String(v)])),
  ...extra,
});
const gad7 = (values: number[]) => Object.fromEntries(values.map((v, i) => [`gad7-${i + 1}`, String(v)]));
/** 14 points, item 9 "Several days": Moderate, with the self-harm alert. */
const MODERATE_WITH_ITEM_9 = phq9([2, 2, 1, 2, 1, 1, 2, 2, 1], { 'phq9-10': 'somewhat' });
const SESSION_START = '2024-05-02T18:30:00Z';

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  patientId = (
    await t.request('POST', 'Patients', { body: { names: [{ given: ['Molly'], family: 'Measured' }], birthDate: '1985-02-11' } })
  ).body.id;
  const definition = await t.request('POST', 'NoteDefinitions', {
    body: {
      name: 'Progress note with screens',
      kind: 'Individual',
      status: 'Active',
      durationMode: 'DurationMinutes',
      sections: [
        { key: 'narrative', title: 'Session narrative', kind: 'Narrative' },
        { key: 'mood', title: 'Depression screen', kind: 'Assessment', form: ref('Questionnaire', PHQ9_ID) },
        {
          key: 'checks',
          title: 'Checks',
          kind: 'Form',
          elements: [{ key: 'anxiety', type: 'Form', label: 'Anxiety screen', form: ref('Questionnaire', GAD7_ID) }],
        },
      ],
    },
  });
  expect(definition.status).toBe(201);
  definitionId = definition.body.id;
});
afterAll(() => t?.close());

/** A note of the definition on a 55-minute session, its PHQ-9 and GAD-7 answered as given. */
async function writeNote(mood: Record<string, string>, anxiety: Record<string, string> = {}, more: Record<string, unknown>[] = []) {
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
  expect(e.status).toBe(201);
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
        { key: 'checks', title: 'Checks', kind: 'Form', answers: { anxiety } },
        ...more,
      ],
    },
  });
  expect(n.status).toBe(201);
  return n.body as { id: string; meta: { versionId: string }; sections: unknown[] };
}

const sign = (id: string, versionId: string) => clinician.client.request('POST', `Notes/${id}/sign`, { body: { versionId, ...ATTESTED } });

/** The patient's responses a note recorded, as the chart's list reads them. */
async function responsesOf(noteId: string) {
  const r = await clinician.client.request('POST', 'QuestionnaireResponses/queries', {
    body: [{ field: 'derivedFrom.note.id', op: 'eq', value: noteId }],
    headers: { 'x-partition-key': patientId },
  });
  expect(r.status).toBe(200);
  return r.body as Record<string, any>[];
}

describe("a note's assessments in the chart", () => {
  it(
    "signing records each scored questionnaire as the patient's response: " +
      'scored by the server, dated by the session, linked to the note',
    async () => {
      const note = await writeNote(MODERATE_WITH_ITEM_9, gad7([1, 1, 0, 0, 1, 0, 0]));
      expect(await responsesOf(note.id)).toEqual([]);
      const signed = await sign(note.id, note.meta.versionId);
      expect(signed.status).toBe(200);

      const recorded = await responsesOf(note.id);
      expect(recorded).toHaveLength(2);
      const phq = recorded.find((r) => r.questionnaire.id === PHQ9_ID)!;
      expect(phq).toMatchObject({
        partition: patientId,
        subject: ref('Patient', patientId),
        author: { resourceType: 'Practitioner', id: clinician.profile.id },
        authored: SESSION_START,
        completion: 'Complete',
        answers: MODERATE_WITH_ITEM_9,
        score: {
          total: 14,
          maxScore: 27,
          answered: 9,
          scoredItems: 9,
          band: { code: 'moderate', label: 'Moderate' },
          alerts: [PHQ9.scoring!.alerts![0]!.message],
        },
        derivedFrom: { note: { resourceType: 'Note', id: note.id, versionId: signed.body.note.meta.versionId }, section: 'mood' },
      });
      // The version answered is pinned, as for any response.
      expect(phq.questionnaire.versionId).toEqual(expect.any(String));
      const gad = recorded.find((r) => r.questionnaire.id === GAD7_ID)!;
      expect(gad).toMatchObject({ score: { total: 3, band: { code: 'minimal' } }, derivedFrom: { section: 'checks', element: 'anxiety' } });

      // They are the chart's own responses: the list the Forms tab reads holds them.
      const chart = await clinician.client.request('GET', 'QuestionnaireResponses?pageSize=1000', {
        headers: { 'x-partition-key': patientId },
      });
      expect(chart.body.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([phq.id, gad.id]));
    },
  );

  it("a response a note recorded changes only with the note: a client's PUT, PATCH, DELETE or forged link is refused", async () => {
    const note = await writeNote(phq9([0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect((await sign(note.id, note.meta.versionId)).status).toBe(200);
    const [response] = await responsesOf(note.id);
    const put = await clinician.client.request('PUT', `QuestionnaireResponses/${response!.id}`, {
      body: { ...response, answers: phq9([3, 3, 3, 3, 3, 3, 3, 3, 3]) },
    });
    expect(put.status).toBe(400);
    expect(put.body.detail).toBe(NOTE_ASSESSMENT_MESSAGES.recordedFromNote);
    const patch = await clinician.client.request('PATCH', `QuestionnaireResponses/${response!.id}?versionId=${response!.meta.versionId}`, {
      body: [{ op: 'replace', path: '/answers/phq9-1', value: '3' }],
    });
    expect(patch.status).toBe(400);
    expect(patch.body.detail).toBe(NOTE_ASSESSMENT_MESSAGES.recordedFromNote);
    const del = await t.request('DELETE', `QuestionnaireResponses/${response!.id}?versionId=${response!.meta.versionId}`);
    expect(del.status).toBe(400);
    expect(del.body.detail).toBe(NOTE_ASSESSMENT_MESSAGES.recordedFromNote);
    const forged = await clinician.client.request('POST', 'QuestionnaireResponses', {
      body: {
        partition: patientId,
        questionnaire: ref('Questionnaire', PHQ9_ID),
        completion: 'Complete',
        answers: phq9([0, 0, 0, 0, 0, 0, 0, 0, 0]),
        derivedFrom: response!.derivedFrom,
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.issues).toEqual([{ path: 'derivedFrom', message: NOTE_ASSESSMENT_MESSAGES.derivedFrom }]);
    const after = (await clinician.client.request('GET', `QuestionnaireResponses/${response!.id}`)).body;
    expect(after.meta.versionId).toBe(response!.meta.versionId);
  });

  it('an amendment updates the response to the amended answers; entered in error withdraws it from the chart', async () => {
    const note = await writeNote(MODERATE_WITH_ITEM_9);
    const signed = await sign(note.id, note.meta.versionId);
    const [before] = await responsesOf(note.id);
    const sections = signed.body.note.sections.map((s: { key: string }) =>
      s.key === 'mood' ? { ...s, answers: phq9([0, 1, 0, 0, 0, 0, 1, 0, 0], { 'phq9-10': 'not-difficult' }) } : s,
    );
    const amended = await clinician.client.request('POST', `Notes/${note.id}/amend`, {
      body: {
        versionId: signed.body.note.meta.versionId,
        reason: 'Read item 9 back with the patient: she meant "Not at all".',
        changes: { sections },
      },
    });
    expect(amended.status).toBe(200);
    const [after] = await responsesOf(note.id);
    expect(after!.id).toBe(before!.id);
    expect(after!.score).toMatchObject({ total: 2, band: { code: 'minimal' } });
    expect(after!.score).not.toHaveProperty('alerts');
    expect(after!.authored).toBe(SESSION_START);
    expect(after!.derivedFrom.note.versionId).toBe(amended.body.meta.versionId);
    const history = await clinician.client.request('GET', `QuestionnaireResponses/${before!.id}/_history`);
    expect(history.body).toHaveLength(2);

    const eie = await clinician.client.request('POST', `Notes/${note.id}/entered-in-error`, {
      body: { versionId: amended.body.meta.versionId, reason: 'Wrong patient.' },
    });
    expect(eie.status).toBe(200);
    expect(await responsesOf(note.id)).toEqual([]);
    expect((await clinician.client.request('GET', `QuestionnaireResponses/${before!.id}`)).status).toBe(410);
  });

  it('an answer the questionnaire does not allow refuses the signature at the section, and nothing is signed or recorded', async () => {
    const note = await writeNote(phq9([1, 1, 1, 1, 1, 1, 1, 1, 7]));
    const refused = await sign(note.id, note.meta.versionId);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^Depression screen: /);
    expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual(['sections.mood.answers.phq9-9']);
    const stored = (await clinician.client.request('GET', `Notes/${note.id}`)).body;
    expect(stored.status).toBe('Preliminary');
    expect(stored.meta.versionId).toBe(note.meta.versionId);
    expect(await responsesOf(note.id)).toEqual([]);
  });

  it('a questionnaire left blank, or one without a score, records nothing', async () => {
    const checkIn = await t.request('POST', 'Questionnaires', {
      body: { title: 'Check-in', status: 'Active', items: [{ linkId: 'mood', type: 'String', text: 'Mood today' }] },
    });
    expect(checkIn.status).toBe(201);
    const subform = {
      key: 'checkin',
      title: 'Check-in',
      kind: 'Subform',
      form: ref('Questionnaire', checkIn.body.id),
      answers: { mood: 'Steady' },
    };
    const note = await writeNote({}, {}, [subform]);
    expect((await sign(note.id, note.meta.versionId)).status).toBe(200);
    expect(await responsesOf(note.id)).toEqual([]);
  });
});

describe("a note's assessment on the printout", () => {
  it("reads each question with the answer's words and points, the instrument, the total, the band and the item-9 alert", async () => {
    const note = await writeNote(MODERATE_WITH_ITEM_9);
    await sign(note.id, note.meta.versionId);
    const cookie = [...clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(clinician.client.url(`Notes/${note.id}/printout`), { headers: { cookie } });
    expect(response.status).toBe(200);
    const lines = pdfLines(Buffer.from(await response.arrayBuffer()));
    // Long questions wrap: read the page as flowing text.
    const text = lines.join(' ').replace(/\s+/g, ' ');
    expect(lines).toContain('PHQ-9');
    expect(lines).toContain('Patient Health Questionnaire (PHQ-9): depression severity.');
    expect(lines).toContain('SAFETY ALERT');
    expect(text).toContain('Item 9 (thoughts of self-harm) was answered above "Not at all": assess suicide risk.');
    expect(text).toContain('Total score: 14 of 27 · Moderate');
    expect(text).toContain('1. Little interest or pleasure in doing things More than half the days (2)');
    expect(text).toContain('9. Thoughts that you would be better off dead or of hurting yourself in some way Several days (1)');
    expect(text).toContain('Somewhat difficult');
    // The alert comes before the questions, where a reader cannot miss it.
    expect(lines.indexOf('SAFETY ALERT')).toBeLessThan(lines.indexOf('1. Little interest or pleasure in doing things'));
    // A section whose questionnaire was left blank is not a page of unanswered questions.
    expect(text).toContain('CHECKS Not documented.');
    expect(text).not.toContain('Not answered');
    // Never the raw linkIds and codes of before.
    expect(text).not.toMatch(/phq9-\d/);
  });
});
