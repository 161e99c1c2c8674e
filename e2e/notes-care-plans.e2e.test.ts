import { randomUUID } from 'node:crypto';
import { CARE_PLAN_MESSAGES } from '@caseload/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createAs, createNotePatient, createNotesPractice, input, openAs, ref, synced, type NotesPractice } from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The golden thread in the note editor (docs/care-plans.md), in Chromium against the real server:
 * with requireCarePlanGoalToSign on, a note of a patient with an active plan is flagged as tied to
 * no goal and its checks say so; ticking a goal in GoalsObjectives and recording progress in
 * GoalTracking stores both on the encounter, and the plan's thread then lists the note.
 */

const suite = useBrowserSuite();
let clinician: TestUser;
let practice: NotesPractice;
const tag = randomUUID().slice(0, 4).toUpperCase();
const ids: Record<string, string> = {};

const ELEMENTS = [
  { id: 'g1', kind: 'Goal', text: 'Reduce anxiety to a manageable level', measure: 'GAD-7 below 8' },
  { id: 'g1-o1', kind: 'Objective', parent: 'g1', text: 'Use paced breathing when anxiety rises' },
  { id: 'g1-i1', kind: 'Intervention', parent: 'g1-o1', text: 'CBT for anxiety, weekly' },
  { id: 'g2', kind: 'Goal', text: 'Return to avoided activities' },
];

beforeAll(async () => {
  const { t } = suite;
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  practice = await createNotesPractice(t, tag);
  await createAs(t, 'PracticePreferences', {
    resourceType: 'PracticePreferences',
    display: 'preferences',
    requireCarePlanGoalToSign: true,
  });
  ids.definition = await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Progress ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [
      { key: 'data', title: 'Data', kind: 'Narrative' },
      {
        key: 'thread',
        title: 'Treatment plan',
        kind: 'Form',
        elements: [
          { key: 'goals', type: 'GoalsObjectives', label: 'Goals addressed' },
          { key: 'tracking', type: 'GoalTracking', label: 'Progress' },
        ],
      },
    ],
  });
  ids.patient = await createNotePatient(t, practice, `Plan${tag}`, 'Paula');
  const plan = await clinician.client.request('POST', 'CarePlans', {
    body: {
      partition: ids.patient,
      status: 'Active',
      title: 'Anxiety treatment plan',
      reviewDate: '2027-01-15',
      careTeam: [clinician.profile],
      elements: ELEMENTS,
    },
  });
  expect(plan.status, plan.text).toBe(201);
  ids.plan = plan.body.id;
  const encounter = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: ids.patient,
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      sessionTime: { mode: 'Duration', start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z' },
    },
  });
  ids.encounter = encounter.body.id;
  const note = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: ids.patient,
      kind: 'Note',
      title: 'Progress note',
      definition: ref('NoteDefinition', ids.definition!),
      encounter: ref('Encounter', ids.encounter!),
      sections: [
        { key: 'data', kind: 'Narrative', narrative: '<p>Practised breathing.</p>' },
        { key: 'thread', kind: 'Form', answers: {} },
      ],
    },
  });
  expect(note.status, note.text).toBe(201);
  ids.note = note.body.id;
});

describe("the note's goal sections", () => {
  it('flags a note tied to no goal, then ticks a goal and records its progress on the encounter', async () => {
    const page = await openAs(suite, clinician, `/patients/${ids.patient}/notes/${ids.note}`);
    const goals = page.getByTestId('goals-objectives');
    await goals.getByText('Tied to no goal').waitFor();
    // The live checks say the same as the server will at signing.
    await expect.poll(() => page.getByText(CARE_PLAN_MESSAGES.noGoalAddressed).count()).toBeGreaterThan(1);
    await goals.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'note-goal-sections-untied');

    await goals.getByRole('checkbox', { name: `Goal: ${ELEMENTS[0]!.text}` }).check();
    await goals.getByText('Tied to no goal').waitFor({ state: 'detached' });
    const tracking = page.getByTestId('goal-tracking');
    await input(tracking, `Objective: ${ELEMENTS[1]!.text}`).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await tracking.getByRole('textbox', { name: `Comment on Objective: ${ELEMENTS[1]!.text}` }).fill('Used it twice this week');
    await synced(page);
    await expect.poll(() => page.getByTestId('note-save-state').textContent(), { timeout: 20_000 }).toBe('All changes saved');
    await goals.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'note-goal-sections', { keep: true });

    const stored = (await clinician.client.request('GET', `Encounters/${ids.encounter}`)).body;
    expect(stored.carePlanActivities).toEqual([
      { carePlan: { resourceType: 'CarePlan', id: ids.plan, display: 'Anxiety treatment plan' }, element: 'g1' },
      {
        carePlan: { resourceType: 'CarePlan', id: ids.plan, display: 'Anxiety treatment plan' },
        element: 'g1-o1',
        progress: 'InProgress',
        comment: 'Used it twice this week',
      },
    ]);
    const thread = (await clinician.client.request('GET', `CarePlans/${ids.plan}/thread?goal=g1`)).body;
    expect(thread.goals[0].sessions.map((s: { note: { id: string } }) => s.note.id)).toEqual([ids.note]);
  });

  it('offers the goals on a note whose definition has no goal section, so every note can be tied', async () => {
    const definition = await createAs(suite.t, 'NoteDefinitions', {
      resourceType: 'NoteDefinition',
      name: `Plain ${tag}`,
      kind: 'Individual',
      status: 'Active',
      durationMode: 'Duration',
      sections: [{ key: 'data', title: 'Data', kind: 'Narrative' }],
    });
    const encounter = await clinician.client.request('POST', 'Encounters', {
      body: {
        partition: ids.patient,
        participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
        visitStatus: 'Show',
        sessionTime: { mode: 'Duration', start: '2026-03-09T14:00:00Z', end: '2026-03-09T15:00:00Z' },
      },
    });
    const note = await clinician.client.request('POST', 'Notes', {
      body: {
        partition: ids.patient,
        kind: 'Note',
        definition: ref('NoteDefinition', definition),
        encounter: ref('Encounter', encounter.body.id),
        sections: [{ key: 'data', kind: 'Narrative', narrative: '<p>Seen.</p>' }],
      },
    });
    const page = await openAs(suite, clinician, `/patients/${ids.patient}/notes/${note.body.id}`);
    const card = page.getByRole('region', { name: 'Care-plan goals addressed' });
    await card.getByText('Tied to no goal').waitFor();
    await card.getByRole('checkbox', { name: `Goal: ${ELEMENTS[3]!.text}` }).check();
    await synced(page);
    await expect.poll(() => page.getByTestId('note-save-state').textContent(), { timeout: 20_000 }).toBe('All changes saved');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'note-goals-without-section');
    const stored = (await clinician.client.request('GET', `Encounters/${encounter.body.id}`)).body;
    expect(stored.carePlanActivities).toEqual([
      { carePlan: { resourceType: 'CarePlan', id: ids.plan, display: 'Anxiety treatment plan' }, element: 'g2' },
    ]);
  });
});
