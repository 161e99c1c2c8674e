import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { editPhone, findPatientByMrn, openChart, openPatientList, patientRows, readHistory, searchPatients } from './support/patients.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The patient list and chart of issue 5 in Debian's Chromium against the real server: search by
 * name, MRN and birth date as you type, open a chart, edit the phone and find the change in the
 * history; a CareTeam-population user sees only their own patients; screenshots of the list and the
 * chart in both colour schemes. Run with CASELOAD_UPDATE_SCREENSHOTS=true to refresh docs/screenshots/.
 */

let t: TestServer;
let browser: Browser;
let clerk: TestUser;
const contexts: BrowserContext[] = [];
const tag = randomUUID().slice(0, 4).toUpperCase();

interface SeededPatient {
  id: string;
  display: string;
  mrn: string;
}

async function createPatient(
  practiceUrl: (p: string) => string,
  fields: { given: string; family: string; mrn: string; birthDate: string; [k: string]: unknown },
): Promise<SeededPatient> {
  const { given, family, ...rest } = fields;
  const display = `${family}, ${given}`;
  const created = await t.request('POST', practiceUrl('Patients'), {
    body: { resourceType: 'Patient', display, names: [{ given: [given], family }], administrativeSex: 'Female', ...rest },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, display, mrn: fields.mrn };
}

let jane: SeededPatient;

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  clerk = await t.createUser({ roles: ['Case Management'] });
  jane = await createPatient(t.practiceUrl, {
    given: 'Jane',
    family: `Quill${tag}`,
    mrn: `MRN${tag}1`,
    birthDate: '1985-03-07',
    telecom: [{ system: 'Phone', use: 'Mobile', value: '555-010-0100' }],
    names: [
      { given: ['Jane'], family: `Quill${tag}` },
      { use: 'Preferred', given: ['Janie'] },
    ],
    alerts: ['Fall risk'],
  });
  await createPatient(t.practiceUrl, { given: 'Omar', family: `Reyes${tag}`, mrn: `MRN${tag}2`, birthDate: '1990-11-23' });
  for (let i = 0; i < 60; i++) {
    await createPatient(t.practiceUrl, {
      given: `Test${i}`,
      family: `Bulk${tag}`,
      mrn: `BLK${tag}${String(i).padStart(2, '0')}`,
      birthDate: `19${50 + (i % 40)}-01-15`,
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function signedIn(user: TestUser, options: Parameters<typeof newContext>[2] = {}): Promise<Page> {
  const context = await newContext(browser, t.url, options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/sign-in?next=%2Fpatients');
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await expectSignedInAs(page, user.email);
  await openPatientList(page);
  return page;
}

const rowTexts = async (page: Page) => (await patientRows(page).allTextContents()).join('\n');

describe('patient list and chart', () => {
  it('finds a patient by name, MRN and birth date as you type, opens the chart, edits the phone and sees it in the history', async () => {
    const page = await signedIn(clerk);

    await searchPatients(page, `quill${tag}`);
    expect(await patientRows(page).count()).toBe(1);
    expect(await rowTexts(page)).toContain(jane.display);
    expect(await rowTexts(page)).toContain('Goes by Janie');

    const row = await findPatientByMrn(page, jane.mrn);
    expect(await row.textContent()).toContain('03/07/1985');

    await searchPatients(page, '3/7/1985');
    expect(await rowTexts(page)).toContain(jane.display);
    expect(await rowTexts(page)).not.toContain(`Reyes${tag}`);

    await searchPatients(page, `nobody-${tag}`);
    await page.getByRole('heading', { name: 'No patients found' }).waitFor();

    await searchPatients(page, jane.mrn);
    await openChart(page, jane.display);
    const header = page.getByTestId('chart-header');
    expect(await header.textContent()).toContain(`MRN ${jane.mrn}`);
    expect(await header.textContent()).toContain('goes by Janie');
    expect(await header.textContent()).toContain('Fall risk');

    await editPhone(page, '555-010-0199');
    const stored = await t.request('GET', t.practiceUrl(`Patients/${jane.id}`));
    expect(stored.body.telecom[0].value).toBe('555-010-0199');

    const history = await readHistory(page);
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history[0]).toContain('Phone 1: 555-010-0100 → 555-010-0199');
  });

  it('refuses an invalid phone in the form with its message, and stores nothing', async () => {
    const page = await signedIn(clerk);
    await findPatientByMrn(page, `MRN${tag}2`);
    await openChart(page, `Reyes${tag}, Omar`);
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByRole('button', { name: 'Edit phones and e-mails' }).click();
    const form = page.getByRole('form', { name: 'Phones and e-mails' });
    await form.getByRole('button', { name: 'Add phone' }).click();
    await form.getByRole('textbox', { name: 'Phone 1', exact: true }).fill('call me');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('must be a valid phone number').waitFor();
    const stored = await t.request('GET', t.practiceUrl(`Patients?pageSize=100`));
    const omar = (stored.body as { mrn: string; telecom?: unknown[] }[]).find((p) => p.mrn === `MRN${tag}2`)!;
    expect(omar.telecom ?? []).toEqual([]);
  });

  it('loads further pages as the list scrolls, and moves through rows with the arrow keys', async () => {
    const page = await signedIn(clerk);
    await searchPatients(page, `bulk${tag}`);
    const list = page.getByTestId('patient-list');
    await patientRows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Test10');
    await page.keyboard.press('End');
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(async () => (await rowTexts(page)).includes(`BLK${tag}59`), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByTestId('chart-header').waitFor();
  });
});

describe('patient population', () => {
  it('shows a user under the CareTeam level only the patients whose care team they are on', async () => {
    const practiceId = `t-${randomUUID().slice(0, 18)}`;
    expect((await t.request('POST', `/api/v1/database/${practiceId}`)).status).toBe(204);
    const url = (p: string) => `${t.url}/api/v1/practices/${practiceId}/${p}`;
    expect(
      (await t.request('POST', url('PracticePreferences'), { body: { display: 'preferences', patientPopulationLevel: 'CareTeam' } }))
        .status,
    ).toBe(201);
    const member = await t.createUser({ roles: ['Practitioner'], practiceId });
    const team = { careTeam: [{ member: { resourceType: 'Practitioner', id: member.profile.id } }] };
    await createPatient(url, { given: 'Mine', family: `Teamed${tag}`, mrn: `CT${tag}1`, birthDate: '1970-01-01', ...team });
    await createPatient(url, { given: 'Other', family: `Elsewhere${tag}`, mrn: `CT${tag}2`, birthDate: '1971-01-01' });

    const page = await signedIn(member);
    await searchPatients(page, '');
    await expect.poll(() => patientRows(page).count()).toBe(1);
    expect(await rowTexts(page)).toContain(`Teamed${tag}, Mine`);
    await searchPatients(page, `CT${tag}2`);
    expect(await patientRows(page).count()).toBe(0);
  });
});

describe('screenshots', () => {
  it.each(['light', 'dark'] as const)('of the patient list and the chart in the %s scheme', async (colorScheme) => {
    const page = await signedIn(clerk, { colorScheme, viewport: { width: 1280, height: 800 } });
    await searchPatients(page, '');
    await patientRows(page).nth(5).waitFor();
    await saveScreenshot(page, `patient-list-${colorScheme}`, { keep: true });
    await findPatientByMrn(page, jane.mrn);
    await openChart(page, jane.display);
    await saveScreenshot(page, `patient-chart-${colorScheme}`, { keep: true });
  });
});
