import { addDays, carePlanAttestation } from '@caseload/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attestAndSign,
  chooseClinic,
  createAs,
  createNotePatient,
  input,
  openAs,
  startNote,
  synced,
  useNotesSuite,
} from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The golden thread in the chart (docs/care-plans.md, "In the chart"), in Chromium against the
 * real server: a plan with two goals written and signed over the API, two notes written and signed
 * in the browser that address goal 1 with progress; the chart's Care plans tab then flags goal 2
 * as not addressed and charts goal 1's two entries, and the dashboard lists the plan, past its
 * review date. Screenshots `care-plan-thread` and `dashboard-review-due`.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};
const GOAL_1 = 'Sleep through the night at least five nights a week';
const GOAL_2 = 'Return to work part time';

beforeAll(async () => {
  await createAs(suite.t, 'NoteDefinitions', {
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
});

/** A patient of their own (a retried attempt starts afresh) with the plan of two goals, written and signed over the API. */
async function patientWithSignedPlan(): Promise<void> {
  const { t, clinician } = suite;
  ids.patient = await createNotePatient(t, suite.practice, `Thread${tag}`, 'Nora');
  const plan = await clinician.client.request('POST', 'CarePlans', {
    body: {
      partition: ids.patient,
      status: 'Active',
      title: 'Insomnia and work plan',
      period: { start: addDays(new Date().toISOString().slice(0, 10), -30) },
      // Past: the dashboard lists it as overdue for review.
      reviewDate: addDays(new Date().toISOString().slice(0, 10), -3),
      careTeam: [clinician.profile],
      elements: [
        { id: 'g1', kind: 'Goal', text: GOAL_1, measure: 'Sleep diary' },
        { id: 'g1-o1', kind: 'Objective', parent: 'g1', text: 'Keep a sleep diary every morning' },
        { id: 'g1-i1', kind: 'Intervention', parent: 'g1-o1', text: 'CBT for insomnia, weekly' },
        { id: 'g2', kind: 'Goal', text: GOAL_2 },
        { id: 'g2-o1', kind: 'Objective', parent: 'g2', text: 'Meet the employer about a graded return' },
      ],
    },
  });
  expect(plan.status, plan.text).toBe(201);
  ids.plan = plan.body.id;
  const signed = await clinician.client.request('POST', `CarePlans/${ids.plan}/sign`, {
    body: { versionId: plan.body.meta.versionId, attestationHash: carePlanAttestation(undefined).hash },
  });
  expect(signed.status, signed.text).toBe(200);
}

/**
 * Writes a note from the chart whose session starts today at `start` (HH:mm: two sessions of one
 * day in a known order), addressing goal 1 with `progress`; signs it, and comes back to the chart.
 */
async function writeNoteOnGoal1(page: Page, start: string, progress: string, narrative: string): Promise<void> {
  await startNote(page, `Progress ${tag}`);
  await chooseClinic(page, suite.practice);
  await page.getByRole('group', { name: 'Session time' }).getByLabel('Start').fill(start);
  await page.getByRole('textbox', { name: 'Data' }).fill(narrative);
  await page
    .getByTestId('goals-objectives')
    .getByRole('checkbox', { name: `Goal: ${GOAL_1}` })
    .check();
  await input(page.getByTestId('goal-tracking'), `Goal: ${GOAL_1}`).click();
  await page.getByRole('option', { name: progress, exact: true }).click();
  await synced(page);
  // Sign opens once the checks pass; a failure here says which check held it.
  const sign = page.getByTestId('sign-note');
  const reason = async () => ((await sign.isDisabled()) ? `${await page.getByTestId('rule-panel').textContent()}` : 'enabled');
  await expect.poll(reason, { timeout: 20_000 }).toBe('enabled');
  await attestAndSign(page);
  await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 20_000 }).toBe('Signed');
  await synced(page);
  await page.getByRole('link', { name: /^← / }).click();
  await page.waitForURL(/\/patients\/[^/]+(\?.*)?$/);
}

describe('the golden thread in the chart', () => {
  it("flags the goal no note addressed, charts the other's progress, and lists the plan due for review", async () => {
    await patientWithSignedPlan();
    const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}`);
    await writeNoteOnGoal1(page, '00:05', 'Not achieved', 'Reviewed the sleep diary; woke three times a night.');
    await writeNoteOnGoal1(page, '00:35', 'In progress', 'Four nights of unbroken sleep this week.');

    await page.getByRole('tab', { name: 'Care plans' }).click();
    const rows = page.getByTestId('care-plan-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Insomnia and work plan');
    expect(await rows.first().getByRole('link', { name: 'Open plan' }).getAttribute('href')).toBe(`/care-plans/${ids.patient}/${ids.plan}`);

    const goal1 = page.getByTestId('goal-thread-g1');
    const goal2 = page.getByTestId('goal-thread-g2');
    await goal2.getByText('Not addressed in any note yet').waitFor();
    await goal1.getByTestId('goal-progress-chart').waitFor();
    expect(await goal1.getByText('Not addressed in any note yet').count()).toBe(0);
    await expect.poll(() => goal1.getByTestId('goal-sessions').getByRole('listitem').count()).toBe(2);
    expect(await goal1.getByText('2 sessions addressed it').count()).toBe(1);
    // The chart (its table for screen readers) has the two entries, oldest first; the goal stands where the last left it.
    const chart = goal1.getByTestId('goal-progress-chart');
    await chart.waitFor();
    await expect
      .poll(() => chart.getByTestId('progress-point').allTextContents())
      .toEqual([expect.stringMatching(/Not achieved$/), expect.stringMatching(/In progress$/)]);
    expect(await chart.locator('svg circle').count()).toBe(2);
    expect(await goal1.locator('.mantine-Badge-root').first().textContent()).toBe('In progress');
    // Each session links to its note.
    const links = goal1.getByTestId('goal-sessions').getByRole('link');
    expect(await links.first().getAttribute('href')).toMatch(new RegExp(`^/patients/${ids.patient}/notes/`));
    await page.getByTestId('golden-thread').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'care-plan-thread', { keep: true });

    // The server lists the plan as due for the clinician (the card's read)...
    const due = await suite.clinician.client.request('GET', 'CarePlans/review-due?withinDays=14');
    expect(due.status, due.text).toBe(200);
    expect(
      due.body.items.map((i: { carePlan: { id: string } }) => i.carePlan.id),
      due.text,
    ).toContain(ids.plan);
    // ...and the dashboard's card shows it (read after the dashboard paints, again on reload).
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const card = page.getByRole('region', { name: 'Care plans due for review' });
    const plan = card.locator(`a[href="/care-plans/${ids.patient}/${ids.plan}"]`);
    await plan.waitFor({ timeout: 10_000 }).catch(async () => {
      console.log(`review card before a reload: ${await card.textContent().catch(() => '(no card)')}`);
      await page.reload();
      await plan.waitFor();
    });
    // The plan names its patient by id; the card reads the name.
    await expect.poll(() => plan.textContent()).toBe(`Thread${tag}, Nora · Insomnia and work plan`);
    // Three days before today in UTC: two or three on the practice's calendar.
    expect(await card.textContent()).toMatch(/[23] days overdue/);
    await saveScreenshot(page, 'dashboard-review-due', { keep: true });
  }, 240_000);
});
