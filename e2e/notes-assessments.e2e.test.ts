import { PHQ9_ID } from '@caseload/core';
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
import { saveScreenshot } from './support/web-app.ts';

/**
 * Assessments inside notes are real assessments (issue 18; docs/forms.md, "Assessments in
 * notes"), in Chromium against the real server: a clinician fills in a PHQ-9 in a note's
 * Assessment section and sees its total and severity as she answers, and the self-harm alert the
 * moment item 9 is above "Not at all"; she signs, and the score is in the chart's assessments and
 * its trend, marked as from the note and opening it.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};

const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];
/** Items 1 to 8: 2+2+1+2+1+1+2+1 = 12 (Moderate); item 9 is answered in the test. */
const FIRST_EIGHT = [2, 2, 1, 2, 1, 1, 2, 1];

beforeAll(async () => {
  const { t, practice } = suite;
  await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Progress with PHQ-9 ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [
      { key: 'narrative', title: 'Session narrative', kind: 'Narrative' },
      { key: 'mood', title: 'Depression screen', kind: 'Assessment', form: ref('Questionnaire', PHQ9_ID) },
    ],
  });
  ids.patient = await createNotePatient(t, practice, `Screened${tag}`, 'Sam');
});

describe('a PHQ-9 in a note', () => {
  it("scores live with the item-9 alert, and once signed is in the chart's assessments and trend", async () => {
    const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}`);
    // The chart's assessments, read before the note exists: signing must reach them all the same.
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    await page.getByText('No forms or assessments yet').waitFor();
    const noteId = await startNote(page, `Progress with PHQ-9 ${tag}`);
    await chooseClinic(page, suite.practice);
    const screen = page.getByRole('region', { name: 'Depression screen', exact: true });
    const answer = (item: number, value: number) =>
      screen.locator(`[data-linkid="phq9-${item}"]`).getByRole('radio', { name: FREQUENCY[value], exact: true }).check();

    // Before anything is answered the section says what it will score.
    await expect.poll(() => screen.getByTestId('score-summary').textContent()).toContain('PHQ-9 score 0 of 27');
    for (const [i, value] of FIRST_EIGHT.entries()) await answer(i + 1, value);
    // Eight of nine: a total, but no severity for a partial PHQ-9.
    await expect.poll(() => screen.getByTestId('score-total').textContent()).toBe('12');
    expect(await screen.getByTestId('score-summary').textContent()).toContain('8 of 9 scored questions answered');
    await answer(9, 0);
    await expect.poll(() => screen.getByTestId('score-band').textContent()).toBe('Moderate');
    expect(await screen.getByRole('alert').count()).toBe(0);
    await answer(9, 1);
    await expect.poll(() => screen.getByTestId('score-total').textContent()).toBe('13');
    await expect
      .poll(() => screen.getByRole('alert').textContent())
      .toContain('Item 9 (thoughts of self-harm) was answered above "Not at all"');
    await screen.locator('[data-linkid="phq9-10"]').getByRole('radio', { name: 'Somewhat difficult', exact: true }).check();
    await screen.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'note-phq9-section');

    await attestAndSign(page);
    await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 20_000 }).toBe('Signed');
    await synced(page);
    // The signed note shows the same score, from the same function.
    const signed = page.getByRole('region', { name: 'Depression screen', exact: true });
    await expect.poll(() => signed.getByTestId('score-band').textContent()).toBe('Moderate');
    expect(await signed.getByRole('alert').textContent()).toContain('Item 9');

    // Back to the chart in the app (no reload): the list is read again and holds the note's PHQ-9.
    await page.getByRole('link', { name: /^← / }).click();
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    const trend = page.getByTestId('trend-PHQ-9');
    await trend.waitFor();
    expect(await trend.getByRole('table', { name: 'PHQ-9 scores' }).textContent()).toContain('13Moderate');
    const row = page.getByTestId('response-row').filter({ hasText: 'In a note' });
    expect(await row.textContent()).toContain('13');
    await saveScreenshot(page, 'note-phq9-trend');

    await row.getByRole('link', { name: 'PHQ-9' }).click();
    await page.waitForURL(new RegExp(`/notes/${noteId}$`));
    await expect.poll(() => page.getByTestId('note-status').textContent()).toBe('Signed');
  }, 180_000);
});
