import { GAD7_ID } from '@caseload/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attestAndSign,
  chooseClinic,
  createAs,
  createNotePatient,
  openAs,
  ref,
  startNote,
  synced,
  useNotesSuite,
} from './support/notes.ts';

/**
 * The three section kinds the other notes browser tests leave out (docs/notes.md, "Requirements
 * and where they are proven"), in Chromium against the real server: a clinician
 * starts a note whose definition has a Subform section (a NoteSectionForm over a practice
 * questionnaire), an Import section and an Assessment section (the built-in GAD-7), answers each
 * in the editor, signs, and the server's copy of the note holds every answer.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};

/** GAD-7's words for its answers 0 to 3, and the answers the clinician gives to its seven questions. */
const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];
const GAD7_ANSWERS = [1, 2, 0, 3, 1, 0, 2];

beforeAll(async () => {
  const { t, practice } = suite;
  const checkIn = await createAs(t, 'Questionnaires', {
    resourceType: 'Questionnaire',
    title: `Check-in ${tag}`,
    status: 'Active',
    items: [
      { linkId: 'mood', type: 'String', text: 'Mood today' },
      { linkId: 'slept', type: 'Integer', text: 'Hours slept' },
    ],
  });
  const subform = await createAs(t, 'NoteSectionForms', {
    resourceType: 'NoteSectionForm',
    name: `Check-in ${tag}`,
    form: ref('Questionnaire', checkIn),
  });
  await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Review ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [
      { key: 'checkin', title: 'Check-in', kind: 'Subform', form: ref('NoteSectionForm', subform) },
      { key: 'history', title: 'From the last note', kind: 'Import' },
      { key: 'anxiety', title: 'Anxiety screen', kind: 'Assessment', form: ref('Questionnaire', GAD7_ID) },
    ],
  });
  ids.patient = await createNotePatient(t, practice, `Kinds${tag}`, 'Kit');
});

describe('Subform, Import and Assessment sections in the browser', () => {
  it('answers each in the editor, signs, and the server stores every answer', async () => {
    const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}`);
    const noteId = await startNote(page, `Review ${tag}`);

    const section = (title: string) => page.getByRole('region', { name: title, exact: true });
    const checkIn = section('Check-in');
    await checkIn.locator('[data-linkid="mood"]').getByRole('textbox').fill('Calmer than last week');
    await checkIn.locator('[data-linkid="slept"]').getByRole('textbox').fill('7');
    await section('From the last note').getByRole('textbox', { name: 'Imported text' }).fill('Plan: keep the sleep diary.');
    const anxiety = section('Anxiety screen');
    for (const [i, answer] of GAD7_ANSWERS.entries()) {
      await anxiety
        .locator(`[data-linkid="gad7-${i + 1}"]`)
        .getByRole('radio', { name: FREQUENCY[answer], exact: true })
        .check();
    }
    await anxiety.locator('[data-linkid="gad7-8"]').getByRole('radio', { name: 'Somewhat difficult', exact: true }).check();
    // The practice requires a place of service (the default): the clinic's is filled with it.
    await chooseClinic(page, suite.practice);

    await attestAndSign(page);
    await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 20_000 }).toBe('Signed');
    await synced(page);

    const note = (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body;
    expect(note.status).toBe('Final');
    const stored = (key: string) => note.sections.find((s: { key: string }) => s.key === key);
    expect(stored('checkin')).toMatchObject({ kind: 'Subform', answers: { mood: 'Calmer than last week', slept: 7 } });
    expect(stored('history')).toMatchObject({ kind: 'Import', narrative: 'Plan: keep the sleep diary.' });
    expect(stored('anxiety')).toMatchObject({
      kind: 'Assessment',
      answers: { ...Object.fromEntries(GAD7_ANSWERS.map((a, i) => [`gad7-${i + 1}`, String(a)])), 'gad7-8': 'somewhat' },
    });
  });
});
