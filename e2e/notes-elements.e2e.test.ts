import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createOnServer } from './support/practice-setup.ts';
import { createAs, createNotePatient, createNotesPractice, input, openAs, ref, synced, type NotesPractice } from './support/notes.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';

/**
 * What the note editor and the chart's Notes tab do that the other notes browser tests leave out
 * (docs/notes.md, "Requirements and where they are proven"), in Chromium against
 * the real server, on one practice set-up: the ClinicalQualityIndicator, AddOn,
 * EvidenceBasedPractices and Problems elements answered and stored; the empty states of
 * GoalsObjectives and GoalTracking without a care plan, and ItineraryTopics; `hidePlaceOfService` hiding the place of
 * service; the Notes tab's kind, status and author filters narrowing the list.
 */

const suite = useBrowserSuite();
let clinician: TestUser;
let colleague: TestUser;
let practice: NotesPractice;
const tag = randomUUID().slice(0, 4).toUpperCase();
const ids: Record<string, string> = {};

/** The definition's Form section: the four answerable elements and the three that wait for later issues. */
const ELEMENTS = [
  { key: 'cqi', type: 'ClinicalQualityIndicator', label: 'Safety plan reviewed' },
  { key: 'addOn', type: 'AddOn', label: 'Interactive complexity' },
  { key: 'ebp', type: 'EvidenceBasedPractices', label: 'Evidence-based practices' },
  { key: 'problems', type: 'Problems', label: 'Problems addressed' },
  { key: 'goals', type: 'GoalsObjectives', label: 'Goals' },
  { key: 'tracking', type: 'GoalTracking', label: 'Tracking' },
  { key: 'topics', type: 'ItineraryTopics', label: 'Topics' },
];

beforeAll(async () => {
  const { t } = suite;
  [clinician, colleague] = await Promise.all([
    t.createUser({ roles: ['Non-Prescribing Clinician'] }),
    t.createUser({ roles: ['Non-Prescribing Clinician'] }),
  ]);
  practice = await createNotesPractice(t, tag);
  const preferences = await createOnServer(t, 'PracticePreferences', { resourceType: 'PracticePreferences', hidePlaceOfService: false });
  ids.preferences = preferences.id;
  ids.definition = await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Quality note ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [{ key: 'quality', title: 'Quality', kind: 'Form', elements: ELEMENTS }],
  });
  ids.patient = await createNotePatient(t, practice, `Elem${tag}`, 'Ella');
  ids.listPatient = await createNotePatient(t, practice, `List${tag}`, 'Lior');
});

/** A note of the quality definition, written through the API by `author` for `patient`; `encounterFields` add to its encounter. */
async function writeNote(
  patient: string,
  fields: Record<string, unknown> = {},
  author = clinician,
  encounterFields: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const encounter = await author.client.request('POST', 'Encounters', {
    body: {
      partition: patient,
      participants: [{ role: 'PrimaryPerformer', individual: author.profile }],
      visitStatus: 'Show',
      sessionTime: { mode: 'Duration', start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z' },
      ...encounterFields,
    },
  });
  expect(encounter.status).toBe(201);
  const note = await author.client.request('POST', 'Notes', {
    body: {
      partition: patient,
      kind: 'Note',
      title: 'Quality note',
      definition: ref('NoteDefinition', ids.definition!),
      encounter: ref('Encounter', encounter.body.id),
      sections: [{ key: 'quality', kind: 'Form', answers: {} }],
      ...fields,
    },
  });
  expect(note.status).toBe(201);
  return note.body;
}

const openNote = async (noteId: string): Promise<Page> => {
  const page = await openAs(suite, clinician, `/patients/${ids.patient}/notes/${noteId}`);
  await page.getByRole('checkbox', { name: 'Safety plan reviewed' }).waitFor();
  return page;
};

describe("the note editor's elements", () => {
  it('answers a quality indicator, an add-on, evidence-based practices and problems, and the server stores each', async () => {
    const note = await writeNote(ids.patient!);
    const page = await openNote(note.id);
    await page.getByRole('checkbox', { name: 'Safety plan reviewed' }).check();
    await page.getByRole('checkbox', { name: 'Interactive complexity' }).check();
    await page.getByRole('textbox', { name: 'Add-on minutes' }).fill('15');
    await input(page, 'Evidence-based practices').click();
    await page.keyboard.type('Motivational interviewing');
    await page.keyboard.press('Enter');
    await input(page, 'Problems addressed').click();
    await page.getByRole('option', { name: 'F41.1 Generalized anxiety disorder' }).click();
    await page.keyboard.press('Escape');
    // The place of service is offered while hidePlaceOfService is off (the next test turns it on).
    await input(page, 'Place of service').waitFor();

    await expect.poll(() => page.getByTestId('note-save-state').textContent(), { timeout: 20_000 }).toBe('All changes saved');
    await synced(page);
    const [condition] = (await clinician.client.request('GET', 'Conditions', { headers: { 'x-partition-key': ids.patient! } })).body as {
      id: string;
    }[];
    const stored = (await clinician.client.request('GET', `Notes/${note.id}`)).body;
    expect(stored.sections.find((s: { key: string }) => s.key === 'quality').answers).toEqual({
      cqi: true,
      addOn: { provided: true, minutes: 15 },
      ebp: ['Motivational interviewing'],
      problems: [condition!.id],
    });
  });

  it(
    'shows the empty state of goals and objectives and goal tracking ' + 'for a patient with no care plan, and of itinerary topics',
    async () => {
      const page = await openNote((await writeNote(ids.patient!)).id);
      for (const [title, words] of [
        ['Goals', 'This patient has no active care plan.'],
        ['Tracking', 'This patient has no active care plan to track.'],
        // The element's own label; no itinerary plans the session's day.
        ['Topics', 'itinerary topics'],
      ] as const) {
        await page.getByRole('heading', { name: title, exact: true }).waitFor();
        await page.getByText(words).waitFor();
      }
    },
  );

  it('hides the place of service under hidePlaceOfService, and choosing a location does not fill it', async () => {
    const current = (await suite.t.request('GET', `PracticePreferences/${ids.preferences}`)).body;
    const updated = await suite.t.request('PUT', `PracticePreferences/${ids.preferences}`, {
      body: { ...current, hidePlaceOfService: true },
    });
    expect(updated.status).toBe(200);
    try {
      const note = await writeNote(ids.patient!);
      const page = await openNote(note.id);
      await input(page, 'Location').click();
      await page.getByRole('option', { name: `Main clinic ${tag}` }).click();
      await expect.poll(() => page.getByTestId('note-save-state').textContent(), { timeout: 20_000 }).toBe('All changes saved');
      await synced(page);
      expect(
        await page
          .getByRole('combobox', { name: 'Place of service' })
          .or(page.getByRole('textbox', { name: 'Place of service' }))
          .count(),
      ).toBe(0);
      const encounter = (await clinician.client.request('GET', `Encounters/${note.encounter.id}`)).body;
      expect(encounter.location.location.id).toBe(practice.location);
      expect(encounter.location.placeOfService).toBeUndefined();
    } finally {
      const again = (await suite.t.request('GET', `PracticePreferences/${ids.preferences}`)).body;
      await suite.t.request('PUT', `PracticePreferences/${ids.preferences}`, { body: { ...again, hidePlaceOfService: false } });
    }
  });
});

describe("the chart's Notes tab", () => {
  it('narrows the list by kind, status and author', async () => {
    await writeNote(ids.listPatient!, { title: `Progress ${tag}` });
    // Signed below: its encounter has the place of service the practice requires.
    const assessment = await writeNote(ids.listPatient!, { title: `Assessment ${tag}`, kind: 'AssessmentNote' }, clinician, {
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
    });
    const signed = await clinician.client.request('POST', `Notes/${assessment.id}/sign`, {
      body: { versionId: assessment.meta.versionId, ...ATTESTED },
    });
    expect([signed.status, signed.body.note?.status]).toEqual([200, 'Final']);
    const theirs = await writeNote(ids.listPatient!, { title: `Colleague ${tag}` }, colleague);

    const page = await openAs(suite, clinician, `/patients/${ids.listPatient}`);
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    const titles = () =>
      page
        .getByTestId('note-row')
        .getByRole('link')
        .allTextContents()
        .then((t) => t.sort());
    const pick = async (filter: string, option: string) => {
      await input(page, filter).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await expect.poll(titles).toEqual([`Assessment ${tag}`, `Colleague ${tag}`, `Progress ${tag}`]);

    await pick('Kind', 'Assessment note');
    await expect.poll(titles).toEqual([`Assessment ${tag}`]);
    await pick('Kind', 'Progress note');
    await expect.poll(titles).toEqual([`Colleague ${tag}`, `Progress ${tag}`]);
    await pick('Author', theirs.author.display ?? theirs.author.id);
    await expect.poll(titles).toEqual([`Colleague ${tag}`]);
    await pick('Status', 'Signed');
    await page.getByText('No notes match').waitFor();
    expect(await page.getByTestId('note-row').count()).toBe(0);
    await pick('Status', 'Unsigned');
    await expect.poll(titles).toEqual([`Colleague ${tag}`]);
  });
});
