import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAs, createNotePatient, input, openAs, pdfLines, ref, synced, useNotesSuite } from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The care-plan editor and plan view (docs/care-plans.md, "Screens"), in Chromium against the real
 * server: a clinician starts a plan from the care-plans area, writes two goals (an objective and an
 * intervention under the first), moves the second goal up with Alt+ArrowUp, signs it, revises it
 * with a reason, reads the version before the revision, and opens the printout.
 */

const suite = useNotesSuite();

describe('the care-plan editor', () => {
  it('writes, reorders by keyboard, signs and revises a plan, the old revision readable', async () => {
    const { t, practice, tag } = suite;
    // A clinician of their own (not the suite's): a retried attempt starts from the empty list again.
    const clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
    const family = `Planner${tag}${randomUUID().slice(0, 3).toUpperCase()}`;
    const patientId = await createNotePatient(t, practice, family, 'Maya');
    // A goal template of the patient's program (practice configuration, written by the administrator).
    await createAs(t, 'CarePlanGoalTemplates', {
      resourceType: 'CarePlanGoalTemplate',
      name: `Mood ${tag}`,
      program: ref('Program', practice.program),
      goal: 'Lift low mood',
      measure: 'PHQ-9 below 10',
      interventions: ['Behavioural activation, weekly'],
    });
    const page = await openAs(suite, clinician, '/care-plans');
    await page.getByText('No care plans yet').waitFor();

    // A new plan for the patient, from the area.
    await input(page, 'Patient').fill(family);
    await page.getByRole('option', { name: new RegExp(family) }).click();
    await page.getByRole('button', { name: 'New care plan' }).click();
    await page.waitForURL(new RegExp(`/care-plans/${patientId}/[^/]+$`));
    const planId = page.url().split('/').pop()!;
    const editor = page.getByTestId('care-plan-editor');
    await editor.waitFor();

    await page.getByRole('button', { name: 'Add goal', exact: true }).click();
    await page.getByRole('textbox', { name: 'Goal 1 text' }).fill('Sleep seven hours most nights');
    await page.getByRole('group', { name: 'Goal 1' }).getByRole('button', { name: 'Add objective' }).click();
    await page.getByRole('textbox', { name: 'Objective 1.1 text' }).fill('Keep a regular bedtime');
    await page.getByRole('group', { name: 'Objective 1.1' }).getByRole('button', { name: 'Add intervention' }).click();
    await page.getByRole('textbox', { name: 'Intervention 1.1.1 text' }).fill('Sleep hygiene coaching, weekly');
    await page.getByRole('button', { name: 'Add goal', exact: true }).click();
    await page.getByRole('textbox', { name: 'Goal 2 text' }).fill('Return to work part time');
    await input(page, 'Review date').fill('2027-02-01');
    // The diagnoses it addresses are the chart's.
    await input(page, 'Addresses').click();
    await page.getByRole('option', { name: 'F41.1 Generalized anxiety disorder' }).click();
    await page.keyboard.press('Escape');

    // Alt+ArrowUp in the second goal moves it (not its text caret) above the first, announced.
    const second = page.getByRole('textbox', { name: 'Goal 2 text' });
    await second.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => page.getByTestId('tree-announcement').textContent()).toContain('now Goal 1');
    await expect.poll(() => page.getByRole('textbox', { name: 'Goal 1 text' }).inputValue()).toBe('Return to work part time');
    // Focus stays in the moved goal, so the keys keep working.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.value))
      .toBe('Return to work part time');

    // A third goal from the program's template, with its intervention beneath.
    await page.getByRole('button', { name: 'Add goal from template' }).click();
    await page.getByRole('menuitem', { name: `Mood ${tag}` }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Goal 3 text' }).inputValue()).toBe('Lift low mood');

    await synced(page);
    await expect.poll(() => page.getByTestId('plan-save-state').textContent(), { timeout: 20_000 }).toBe('All changes saved');
    await page.getByRole('heading', { name: 'Plan details' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'care-plan-editor', { keep: true });
    const stored = (await clinician.client.request('GET', `CarePlans/${planId}`)).body;
    expect(stored.elements.map((e: { kind: string; text: string }) => `${e.kind}: ${e.text}`)).toEqual([
      'Goal: Return to work part time',
      'Goal: Sleep seven hours most nights',
      'Objective: Keep a regular bedtime',
      'Intervention: Sleep hygiene coaching, weekly',
      'Goal: Lift low mood',
      'Intervention: Behavioural activation, weekly',
    ]);
    expect(stored.reviewDate).toBe('2027-02-01');
    expect(stored.addresses).toEqual([
      expect.objectContaining({ resourceType: 'Condition', display: 'F41.1 Generalized anxiety disorder' }),
    ]);

    // Sign: the attestation, then the view.
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const dialog = page.getByRole('form', { name: 'Sign this care plan' });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign care plan' }).click();
    const view = page.getByTestId('care-plan-view');
    await view.waitFor();
    await view.getByText('Signed by the clinician').waitFor();

    // Revise with a reason: the working copy, then the reason dialog.
    await page.getByRole('button', { name: 'Revise' }).click();
    await page.getByRole('textbox', { name: 'Goal 1 text' }).fill('Return to work three days a week');
    await page.getByRole('button', { name: 'Save revision…' }).click();
    const reason = page.getByRole('form', { name: 'Revise this care plan' });
    await reason.getByRole('button', { name: 'Save revision' }).click();
    await reason.getByText('Reason is a required field').waitFor();
    await reason.getByRole('textbox', { name: 'Reason' }).fill('Employer agreed to a graded return');
    await reason.getByRole('button', { name: 'Save revision' }).click();
    await view
      .getByTestId('plan-revision')
      .getByText(/Employer agreed to a graded return/)
      .waitFor();
    await view.getByText('Return to work three days a week').waitFor();
    await saveScreenshot(page, 'care-plan-view', { keep: true });

    // The signed version stays readable.
    await view.getByRole('button', { name: 'View the version before' }).click();
    const previous = page.getByTestId('previous-version');
    await previous.getByText('Return to work part time').waitFor();
    expect(await previous.getByText('Return to work three days a week').count()).toBe(0);
    await page.keyboard.press('Escape');
    await previous.waitFor({ state: 'detached' });

    // The printout: the plan as signed and revised, with both signatures and the reason.
    const print = page.getByRole('link', { name: 'Print / PDF' });
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), print.click()]);
    const pdf = await page.request.get((await print.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfLines(await pdf.body())
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Goal 1. Return to work three days a week');
    expect(text).toContain('Intervention 2.1.1. Sleep hygiene coaching, weekly');
    expect(text).toContain('Reason: Employer agreed to a graded return');
    expect(text).toMatch(/Revising clinician · Electronically signed/);
    await viewer.close();
  });
});
