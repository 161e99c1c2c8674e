import { beforeAll, expect, it } from 'vitest';
import { useNotesSuite, createAs, createNotePatient, openAs, ref } from './support/notes.ts';
import { createOnServer } from './support/practice-setup.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * Beyond the chart (issue 17): the notes and forms screens offer only what the acting profile may
 * do. A Quality Assurance reviewer reads notes but changes none, so a draft opens read-only and no
 * note can be started; a Scribe writes notes but does not sign them; a Practitioner reads forms but
 * builds none, so the builder shows the preview only.
 */

const suite = useNotesSuite();
const ids: { patient?: string; note?: string; form?: string } = {};

beforeAll(async () => {
  const { t, tag, practice, clinician } = suite;
  const definition = await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Progress note ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [{ key: 'data', title: 'Data', kind: 'Narrative' }],
  });
  ids.patient = await createNotePatient(t, practice, `Offered${tag}`, 'Olive');
  const encounter = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: ids.patient,
      subject: ref('Patient', ids.patient),
      participants: [{ role: 'PrimaryPerformer', individual: { ...clinician.profile, display: 'Dr Nora Clinician' } }],
      visitStatus: 'Show',
      sessionTime: { mode: 'Duration', start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z' },
    },
  });
  expect(encounter.status, encounter.text).toBe(201);
  const note = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: ids.patient,
      kind: 'Note',
      title: `Progress note ${tag}`,
      definition: ref('NoteDefinition', definition),
      encounter: ref('Encounter', encounter.body.id),
      encounterDate: '2026-03-02T14:00:00Z',
      sections: [{ key: 'data', title: 'Data', kind: 'Narrative', narrative: '<p>Slept better this week.</p>' }],
      completion: 'InProgress',
    },
  });
  expect(note.status, note.text).toBe(201);
  ids.note = note.body.id;
  ids.form = (
    await createOnServer(t, 'Forms', {
      title: `Intake ${tag}`,
      status: 'Active',
      items: [{ linkId: 'mood', type: 'String', text: 'Mood' }],
    })
  ).id as string;
});

it('opens a draft note read-only for a Quality Assurance reviewer, with no way to start one', async () => {
  const reviewer = await suite.t.createUser({ roles: ['Quality Assurance'] });
  const page = await openAs(suite, reviewer, `/patients/${ids.patient}/notes/${ids.note}`);
  await page.getByText('Your role can read notes but not change them.').waitFor();
  await page.getByText('Slept better this week.').waitFor();
  expect(await page.getByTestId('sign-note').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^(Amend|Co-sign|Entered in error)$/ }).count()).toBe(0);
  // The narrative is shown, not editable.
  expect(await page.getByRole('textbox', { name: 'Data' }).getAttribute('contenteditable')).toBe('false');
  await saveScreenshot(page, 'offered-actions-note-read-only');

  await page.goto(`/patients/${ids.patient}?tab=notes`);
  await page.getByRole('table', { name: 'Notes' }).waitFor();
  expect(await page.getByRole('button', { name: /^New (group )?note$/ }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'New group note' }).count()).toBe(0);
});

it('lets a Scribe write a draft note but offers no Sign', async () => {
  const scribe = await suite.t.createUser({ roles: ['Scribe'] });
  const page = await openAs(suite, scribe, `/patients/${ids.patient}/notes/${ids.note}`);
  await page.getByRole('textbox', { name: 'Data' }).waitFor();
  await page.getByText('Your role can write notes but not sign them.').waitFor();
  expect(await page.getByTestId('sign-note').count()).toBe(0);
  await saveScreenshot(page, 'offered-actions-scribe-no-sign');
});

it("shows a Practitioner a form's preview only, with no way to build one", async () => {
  const practitioner = await suite.t.createUser({ roles: ['Practitioner'] });
  const page = await openAs(suite, practitioner, '/forms');
  await page.getByRole('link', { name: `Intake ${suite.tag}` }).waitFor();
  expect(await page.getByRole('link', { name: /^New (form|questionnaire)$/ }).count()).toBe(0);
  await page.getByRole('link', { name: `Intake ${suite.tag}` }).click();
  await page.getByText('Your role can read this form but not change it.').waitFor();
  await page.getByRole('region', { name: 'Preview' }).getByText('Mood').waitFor();
  expect(await page.getByRole('button', { name: /^(Save draft|Publish|Retire|Add question)$/ }).count()).toBe(0);
  await saveScreenshot(page, 'offered-actions-form-view-only');
});
