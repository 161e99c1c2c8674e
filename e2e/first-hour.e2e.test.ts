import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { pdfLines } from '../packages/server/test/pdf-lines.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { syncStatus } from './support/data-layer.ts';
import { findPatientByMrn } from './support/patients.ts';
import { startAsReadme, type ReadmeStart } from './support/readme-start.ts';
import { expectSignedInAs, saveScreenshot } from './support/web-app.ts';

/**
 * A newcomer's first hour with Caseload, in Chromium against the server started as the README
 * says, on an empty data folder: the demo practice it creates, signed in to with the sign-ins it
 * prints. The demo clinician opens a patient, writes a progress note from the shipped definition
 * with a PHQ-9, cannot sign it while a required field is empty, fills it, attests and signs; the
 * score is in the chart's trend; the note prints. The supervisor co-signs it, and the patient
 * signs in to the portal and sees only the portal. Every step is a click or key press on the
 * screens; a screenshot of each is in e2e/screenshots/ (the best in docs/screenshots/ with
 * CASELOAD_UPDATE_SCREENSHOTS=true, shown in docs/demo.md, "The first hour").
 *
 * The clinician is the Case Management sign-in: of the demo's clinicians who sign in, the only
 * unlicensed one (a BSW), supervised by the demo Supervisor, so the practice's signature
 * configuration ("the supervisor co-signs for unlicensed staff") makes her signature wait for
 * his. The patient is the portal's, patient 1 (MRN M0000001, docs/demo.md), so the last step is
 * the same person's view of the practice.
 */

/** The demo practice (seed 2026) is in Washington: its staff and patients browse in its time zone and US English. */
const PRACTICE_BROWSER = { timezoneId: 'America/Los_Angeles', locale: 'en-US' };
const PORTAL_MRN = 'M0000001';
const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];
/** PHQ-9 items 1 to 9: 1+1+2+1+0+1+1+0+0 = 7, Mild. */
const PHQ9 = [1, 1, 2, 1, 0, 1, 1, 0, 0];
/** What the clinician types in the note's Data section. */
const DATA_TEXT = 'Slept better; went to the job group twice.';

/**
 * How long one action or one change on screen may take: generous, for a CI machine shared with
 * other work (the default of expect.poll is a second).
 */
const STEP_MS = 60_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: STEP_MS });

let readme: ReadmeStart;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** What the steps share: the clinician's page, the patient and the note. */
const state: { clinician?: Page; patientName?: string; phq9Before?: string[]; notePath?: string } = {};

beforeAll(async () => {
  [readme, browser] = await Promise.all([startAsReadme(240_000), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await readme?.stop();
}, 60_000);

/**
 * A fresh browser profile signed in through the sign-in page the server printed, as `role`; every
 * answer of 400 or more the page gets is kept in `refused` ("403 GET /api/...").
 */
async function signIn(role: string): Promise<{ page: Page; refused: string[] }> {
  const context = await newContext(browser, readme.server.url, { viewport: { width: 1280, height: 900 }, ...PRACTICE_BROWSER });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('pageerror', (e) => console.log(`page error (${role}): ${e.message}`));
  await page.goto(readme.demo.signInUrl);
  await page.getByLabel('E-mail').fill(readme.emailOf(role));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(readme.demo.password);
  return { page, refused };
}

/** On the running test's failure, what `page` showed then, as e2e/screenshots/first-hour-failed-{name}.png. */
function photographFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    await saveScreenshot(page, `first-hour-failed-${name}`).catch(() => undefined);
  });
}

/** Picks `option` in the select labelled exactly `label` (a Mantine select) inside `scope`. */
async function pick(page: Page, scope: Page | Locator, label: string, option: string | RegExp): Promise<void> {
  await scope
    .getByRole('combobox', { name: label, exact: true })
    .or(scope.getByRole('textbox', { name: label, exact: true }))
    .first()
    .click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

/** Scrolls `section` to the top of the window, below the shell's header. */
async function scrollToTop(section: Locator): Promise<void> {
  await section.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -76);
  });
}

/**
 * Waits until the browser's PDF viewer in `viewer` has drawn the page (its screenshot is more than
 * the empty grey it shows first; the viewer draws in its own process, after the load event).
 */
async function waitForPdfDrawn(viewer: Page): Promise<void> {
  await viewer.waitForLoadState();
  await expect.poll(async () => (await viewer.screenshot()).length, { timeout: STEP_MS, interval: 500 }).toBeGreaterThan(20_000);
}

/** Waits until the note's forms and text editors have loaded (each shows a labelled placeholder until then). */
const loaded = (page: Page) => poll(() => page.getByLabel(/^Loading the (form|text editor)$/).count()).toBe(0);

/** The rows (date, score, band) of the chart's PHQ-9 trend, oldest first. */
const phq9Trend = (page: Page) =>
  page.getByTestId('trend-PHQ-9').getByRole('table', { name: 'PHQ-9 scores' }).getByRole('row').allTextContents();

/** The checks panel's rows, by their text. */
const checks = (page: Page) => page.getByTestId('rule-result').allTextContents();

const synced = (page: Page) => poll(() => syncStatus(page)).toBe('synced');

describe('the first hour', () => {
  it("starts on an empty data folder and prints a sign-in per role, the patient portal's among them", () => {
    const roles = readme.demo.signIns.map((s) => s.role);
    expect(roles).toEqual(expect.arrayContaining(['Case Management', 'Supervisor', 'Patient (portal)']));
    expect(readme.demo.signInUrl).toBe(`${readme.server.url}/sign-in`);
  });

  it('the demo clinician signs in, opens a patient and writes a progress note with a PHQ-9 from the shipped definition', async () => {
    const { page, refused } = await signIn('Case Management');
    photographFailure(page, 'clinician');
    state.clinician = page;
    await saveScreenshot(page, 'first-hour-01-sign-in', { keep: true });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedInAs(page, readme.emailOf('Case Management'));
    await page.getByRole('list', { name: 'My unsigned notes' }).waitFor();
    await saveScreenshot(page, 'first-hour-02-dashboard');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Patients', exact: true }).click();
    await (await findPatientByMrn(page, PORTAL_MRN)).click();
    const heading = page.getByTestId('chart-header').getByRole('heading', { level: 1 });
    await heading.waitFor();
    state.patientName = (await heading.textContent())!.trim();
    // The chart's PHQ-9 trend before the note: the demo's twelve weeks of sessions.
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    await page.getByTestId('trend-PHQ-9').waitFor();
    state.phq9Before = await phq9Trend(page);
    expect(state.phq9Before.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'first-hour-03-chart');

    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    await page.getByRole('button', { name: 'New note', exact: true }).click();
    const dialog = page.getByRole('form', { name: 'New note' });
    await pick(page, dialog, 'Kind of note', 'Individual progress note');
    await pick(page, dialog, 'Template', 'Routine follow-up (mental status within normal limits)');
    await saveScreenshot(page, 'first-hour-04-new-note', { keep: true });
    await dialog.getByRole('button', { name: 'Start note' }).click();
    await page.waitForURL(/\/patients\/[^/]+\/notes\/[^/]+$/);
    state.notePath = new URL(page.url()).pathname;

    // The session: a service, the main office (its place of service follows), yesterday morning.
    await pick(page, page, 'Service', /· Behavioral health counseling and therapy$/);
    await pick(page, page, 'Location', /Main Office$/);
    await poll(() =>
      page
        .getByRole('combobox', { name: 'Place of service' })
        .or(page.getByRole('textbox', { name: 'Place of service' }))
        .first()
        .inputValue(),
    ).toBe('11 Office');
    const date = page.getByLabel(/^Session date/);
    // The default is the hour just ended, in the practice's time zone: the day before it is past.
    const yesterday = new Date(`${await date.inputValue()}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    await date.fill(yesterday.toISOString().slice(0, 10));
    await page.getByLabel(/^Start/).fill('10:00');
    await page.getByLabel(/^End/).fill('10:45');
    await poll(() => page.getByTestId('session-length').textContent()).toBe('45m');

    await page.getByRole('textbox', { name: 'Data', exact: true }).click();
    await page.keyboard.type(DATA_TEXT);
    const phq9 = page.getByRole('region', { name: /^PHQ-9/ });
    for (const [i, value] of PHQ9.entries()) {
      await phq9
        .locator(`[data-linkid="phq9-${i + 1}"]`)
        .getByRole('radio', { name: FREQUENCY[value], exact: true })
        .check();
    }
    await phq9.locator('[data-linkid="phq9-10"]').getByRole('radio', { name: 'Somewhat difficult', exact: true }).check();
    await poll(() => phq9.getByTestId('score-total').textContent()).toBe('7');
    await poll(() => phq9.getByTestId('score-band').textContent()).toBe('Mild');
    await synced(page);
    await scrollToTop(phq9);
    await saveScreenshot(page, 'first-hour-05-phq9', { keep: true });
    expect(refused).toEqual([]);
  }, 300_000);

  it('cannot be signed while a required field is empty; filled, attested and signed, it waits for the supervisor', async () => {
    const page = state.clinician!;
    photographFailure(page, 'signing');
    // The Assessment narrative is the one required field left: Sign is disabled, saying why.
    await poll(() => checks(page)).toHaveLength(1);
    expect((await checks(page))[0]).toContain('Assessment');
    const sign = page.getByTestId('sign-note');
    expect(await sign.isDisabled()).toBe(true);
    expect(await page.getByTestId('sign-note-reason').textContent()).toContain('Checks');
    // The keyboard's way to sign does not get round it.
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(500);
    expect(await page.getByRole('form', { name: 'Sign this note' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Assessment', exact: true }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'first-hour-06-required-field', { keep: true });

    // The check takes the clinician to the field; writing it clears the check.
    await page.getByTestId('rule-result').filter({ hasText: 'Assessment' }).click();
    await poll(() => page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby'))).toBe(
      'note-section-assessment',
    );
    await page.keyboard.type('Mood steadier; engaged.');
    await poll(() => checks(page)).toEqual([]);
    await poll(() => sign.isDisabled()).toBe(false);
    await synced(page);

    await sign.click();
    const dialog = page.getByRole('form', { name: 'Sign this note' });
    await dialog.getByTestId('sign-summary').waitFor();
    expect(await dialog.getByTestId('sign-summary').textContent()).toContain(state.patientName);
    await saveScreenshot(page, 'first-hour-07-attest', { keep: true });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign note' }).click();
    await poll(() => page.getByTestId('note-status').textContent()).toBe('Awaiting co-signature');
    await page.getByRole('list', { name: 'Signatures' }).waitFor();
    await loaded(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'first-hour-08-signed');
  }, 300_000);

  it("shows the score in the chart's trend, and the note prints", async () => {
    const page = state.clinician!;
    photographFailure(page, 'trend');
    await page.getByRole('link', { name: `← ${state.patientName}` }).click();
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    await poll(() => phq9Trend(page)).toHaveLength(state.phq9Before!.length + 1);
    const added = (await phq9Trend(page)).filter((row) => !state.phq9Before!.includes(row));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/7Mild$/);
    const row = page.getByTestId('response-row').filter({ has: page.locator(`a[href="${state.notePath}"]`) });
    expect(await row.textContent()).toContain('In a note');
    await page.getByTestId('trend-PHQ-9').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'first-hour-09-trend', { keep: true });

    // From the chart's row to the note, and Print.
    await row.getByRole('link', { name: 'PHQ-9' }).click();
    await page.waitForURL((url) => url.pathname === state.notePath);
    const print = page.getByRole('link', { name: 'Print' });
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), print.click()]);
    const pdf = await page.request.get((await print.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfLines(await pdf.body()).join('\n');
    expect(text).toContain(state.patientName);
    expect(text).toContain('PHQ-9');
    expect(text).toContain('Mild');
    await waitForPdfDrawn(viewer);
    await saveScreenshot(viewer, 'first-hour-10-printout', { keep: true });
    await viewer.close();
  }, 300_000);

  it('the supervisor co-signs it from his queue', async () => {
    const { page, refused } = await signIn('Supervisor');
    photographFailure(page, 'supervisor');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const queue = page.getByRole('list', { name: 'Awaiting my co-signature' });
    const coSign = queue.getByRole('button', { name: new RegExp(`^Co-sign .*${state.patientName}`) });
    await coSign.waitFor();
    const before = await queue.getByRole('listitem').count();
    await coSign.click();
    const dialog = page.getByRole('form', { name: 'Co-sign this note' });
    await dialog.getByTestId('co-sign-summary').waitFor();
    await saveScreenshot(page, 'first-hour-11-co-sign', { keep: true });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Co-sign note' }).click();
    await poll(() => queue.getByRole('listitem').count()).toBe(before - 1);

    // The note is final, signed by both.
    await page.goto(state.notePath!);
    await poll(() => page.getByTestId('note-status').textContent()).toBe('Signed');
    const signatures = page.getByRole('list', { name: 'Signatures' });
    expect(await signatures.getByRole('listitem').count()).toBe(2);
    // Read, not only listed: the narrative written and the author's name in the signatures.
    await page.getByText(DATA_TEXT).waitFor();
    await poll(() => signatures.textContent()).not.toContain('…');
    await loaded(page);
    await saveScreenshot(page, 'first-hour-12-co-signed', { keep: true });
    expect(refused).toEqual([]);
  }, 300_000);

  it('the patient signs in and sees only the portal', async () => {
    const { page, refused } = await signIn('Patient (portal)');
    photographFailure(page, 'portal');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const family = state.patientName!.split(',')[0]!.trim();
    await page.getByText(family).first().waitFor();
    await page.waitForLoadState('networkidle');
    // No staff navigation, and nothing the patient's permissions refuse.
    expect(await page.getByText('Clinical work', { exact: true }).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: 'New patient' })
        .or(page.getByRole('link', { name: 'New patient' }))
        .count(),
    ).toBe(0);
    expect(await page.getByRole('link', { name: 'Patients', exact: true }).count()).toBe(0);
    expect(refused.filter((r) => r.startsWith('403'))).toEqual([]);
    // Taken once it shows the portal, so docs/screenshots never keeps a staff screen for it.
    await saveScreenshot(page, 'first-hour-13-portal', { keep: true });
  }, 300_000);
});
