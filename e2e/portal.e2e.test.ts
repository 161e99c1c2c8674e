import { GAD7_ID, PHQ9_ID, RELATIONSHIPS, toCoding } from '@caseload/core';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { syncStatus } from './support/data-layer.ts';
import { createOnServer } from './support/practice-setup.ts';
import { chooseOption, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The patient portal in Chromium against the real server (docs/portal.md): a patient signs in and
 * sees her own portal, not the staff app; edits her phone and address (kept on the server); fills
 * in and sends an assigned form; types staff addresses and lands back in the portal. Every API
 * answer on every screen is watched: not one is a 403, on a desktop and on a phone.
 */

const suite = useBrowserSuite();
/** What beforeAll creates: the patient, her mother, the questionnaire and the responses. */
const ids = {} as Record<'patient' | 'parent' | 'visit' | 'visitResponse' | 'phq' | 'sent' | 'clinicians' | 'parentForm', string>;
let patient: TestUser;
let parent: TestUser;
let clinician: TestUser;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

const BEFORE_YOUR_VISIT = {
  resourceType: 'Questionnaire',
  title: 'Before your visit',
  description: 'A few questions so we can make the most of your time together.',
  status: 'Active',
  items: [
    {
      linkId: 'since-last',
      type: 'Choice',
      text: 'How have you been since your last visit?',
      required: true,
      answerOptions: [
        { code: 'better', display: 'Better' },
        { code: 'same', display: 'About the same' },
        { code: 'worse', display: 'Worse' },
      ],
    },
    { linkId: 'talk-about', type: 'Text', text: 'Is there anything you would like to talk about?' },
  ],
};

/** A response in the patient's chart, assigned to `author` (the patient, unless said otherwise). */
async function assign(questionnaire: { resourceType: string; id: string }, fields: Record<string, unknown> = {}): Promise<string> {
  const { t } = suite;
  const created = await createOnServer(t, 'QuestionnaireResponses', {
    partition: ids.patient,
    questionnaire,
    subject: { resourceType: 'Patient', id: ids.patient },
    author: { resourceType: 'Patient', id: ids.patient },
    completion: 'NotStarted',
    answers: {},
    ...fields,
  });
  return created.id as string;
}

beforeAll(async () => {
  const { t } = suite;
  ids.patient = (
    await createOnServer(t, 'Patients', {
      names: [
        { given: ['Adaline'], family: 'Harbour' },
        { use: 'Preferred', given: ['Ada'] },
      ],
      birthDate: '1987-05-14',
      administrativeSex: 'Female',
      telecom: [{ system: 'Phone', use: 'Home', value: '555-010-0100' }],
    })
  ).id;
  patient = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: ids.patient });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  ids.visit = (await createOnServer(t, 'Questionnaires', BEFORE_YOUR_VISIT)).id;
  ids.visitResponse = await assign({ resourceType: 'Questionnaire', id: ids.visit });
  ids.phq = await assign({ resourceType: 'Questionnaire', id: PHQ9_ID });
  const gad = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7-${i + 1}`, i < 2 ? '1' : '0']));
  ids.sent = await assign(
    { resourceType: 'Questionnaire', id: GAD7_ID },
    { completion: 'Complete', answers: { ...gad, 'gad7-8': 'somewhat' } },
  );
  // Her mother, who has a portal login of her own, and a form of her own to fill in.
  ids.parent = (
    await createOnServer(t, 'RelatedPeople', {
      partition: ids.patient,
      names: [{ given: ['Beatrice'], family: 'Harbour' }],
      relationship: toCoding(RELATIONSHIPS, 'MTH'),
      telecom: [{ system: 'Email', use: 'Home', value: 'bea@example.com' }],
    })
  ).id;
  parent = await t.createUser({ roles: [], profileType: 'RelatedPerson', profileId: ids.parent });
  ids.parentForm = await assign(
    { resourceType: 'Questionnaire', id: ids.visit },
    { author: { resourceType: 'RelatedPerson', id: ids.parent } },
  );
  // The clinician's own work in her chart: the portal may read it, but it is not hers to fill in.
  ids.clinicians = await assign(
    { resourceType: 'Questionnaire', id: PHQ9_ID },
    { author: { resourceType: 'Practitioner', id: clinician.profile.id }, completion: 'InProgress' },
  );
});

/** Every API answer the page gets, to check that none is a refusal. */
function watchApi(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) answers.push(r);
  });
  return answers;
}

/**
 * Opens her account menu, clicking again only while it is still closed: on a loaded machine a click
 * that lands while the page is still settling after the last navigation can be lost to a re-render.
 */
async function openAccountMenu(page: Page): Promise<void> {
  const account = page.getByRole('button', { name: 'Account: Harbour, Adaline' });
  await expect
    .poll(
      async () => {
        if ((await account.getAttribute('aria-expanded')) !== 'true') await account.click();
        return page.getByRole('menu').count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(1);
}

const refusals = (answers: Response[]) => answers.filter((r) => r.status() === 403).map((r) => `${r.request().method()} ${r.url()}`);

/** A fresh profile at `viewport`, watched from its first request, signed in as `who` (the patient by default). */
async function signedInPatient(
  viewport: { width: number; height: number },
  who = patient,
  greeting = 'Hello, Ada',
): Promise<{ page: Page; answers: Response[] }> {
  const page = await suite.newPage({ viewport });
  const answers = watchApi(page);
  await page.goto('/sign-in');
  await signInThroughPage(page, who.email, TEST_PASSWORD);
  await page.getByRole('heading', { name: greeting }).waitFor();
  return { page, answers };
}

const synced = (page: Page) => expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('synced');

async function storedPatient(): Promise<Record<string, any>> {
  return (await suite.t.request('GET', `Patients/${ids.patient}`)).body;
}

async function storedResponse(id: string): Promise<Record<string, any>> {
  return (await suite.t.request('GET', `QuestionnaireResponses/${id}`)).body;
}

describe('the patient portal', () => {
  it(
    'shows a patient her own portal on a desktop: her details kept ' + 'on the server, a form sent, no staff screen, no refused request',
    async () => {
      const { page, answers } = await signedInPatient(DESKTOP);
      const nav = page.getByRole('navigation', { name: 'Portal' });
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'Home',
        'Paperwork',
        'Appointments',
        'Forms',
        'Documents',
        'Your details',
      ]);
      // Nothing of the staff app: its navigation, its areas, its buttons.
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      for (const staff of ['Patients', 'Clinical work', 'New patient', 'Dashboard'])
        expect(await page.getByText(staff, { exact: true }).count(), staff).toBe(0);
      await expect.poll(() => page.getByText('2 forms to fill in').count()).toBe(1);
      await expect.poll(() => page.getByText('555-010-0100').count()).toBe(1);
      await saveScreenshot(page, 'portal-home', { keep: true });

      // Her details, reached from the keyboard: the skip link first, then the portal's tabs.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Your details'; i++)
        await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/my-details');
      await page.getByRole('heading', { name: 'Your details', level: 1 }).waitFor();
      expect(await page.getByText('Adaline Harbour', { exact: true }).count()).toBe(1);
      // Name and birth date are the practice's to change: shown, not offered.
      expect(await page.getByRole('button', { name: 'Edit about you' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Edit phones and e-mails' }).click();
      const phones = page.getByRole('form', { name: 'Phones and e-mails' });
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('555-010-0100');
      await phones.getByLabel('Phone 1', { exact: true }).fill('555-010-0142');
      await phones.getByRole('button', { name: 'Save' }).click();
      await page.getByText('555-010-0142').waitFor();

      await page.getByRole('button', { name: 'Edit addresses' }).click();
      const addresses = page.getByRole('form', { name: 'Addresses' });
      // She has none yet: the form starts with an empty one to fill in.
      await addresses.getByLabel('Street').fill('12 Harbour Street');
      await addresses.getByLabel('Apartment, suite (optional)').fill('Apt 2');
      await addresses.getByLabel('City').fill('Olympia');
      await chooseOption(page, addresses, 'State', 'Washington (WA)');
      await addresses.getByLabel('ZIP code').fill('98501');
      await saveScreenshot(page, 'portal-details-editing');
      await addresses.getByRole('button', { name: 'Save' }).click();
      await page.getByText('12 Harbour Street, Apt 2, Olympia, WA 98501').waitFor();
      await synced(page);
      const stored = await storedPatient();
      expect(stored.telecom).toEqual([{ system: 'Phone', use: 'Home', value: '555-010-0142' }]);
      expect(stored.addresses).toEqual([
        { use: 'Home', line: ['12 Harbour Street', 'Apt 2'], city: 'Olympia', state: 'WA', postalCode: '98501' },
      ]);
      expect(stored.names[0].given).toEqual(['Adaline']);
      await saveScreenshot(page, 'portal-details', { keep: true });

      // Her forms: the two assigned to her, the one she sent; not the clinician's.
      await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Forms' }).click();
      await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
      const toFill = page.getByRole('region', { name: 'To fill in' }).getByTestId('portal-form');
      await expect.poll(() => toFill.count()).toBe(2);
      expect(await toFill.allInnerTexts()).toEqual([expect.stringContaining('Before your visit'), expect.stringContaining('PHQ-9')]);
      const sent = page.getByRole('region', { name: 'Sent to your care team' }).getByTestId('portal-form');
      expect(await sent.allInnerTexts()).toEqual([expect.stringContaining('GAD-7')]);
      expect(await page.locator(`a[href="/my-forms/${ids.clinicians}"]`).count()).toBe(0);
      await saveScreenshot(page, 'portal-forms', { keep: true });

      await toFill.filter({ hasText: 'Before your visit' }).click();
      await page.getByRole('heading', { name: 'Before your visit', level: 1 }).waitFor();
      await page.getByLabel('Is there anything you would like to talk about?').fill('Sleeping better since the new routine.');
      await saveScreenshot(page, 'portal-form-filling', { keep: true });
      // Sending without the required answer says what is missing, and sends nothing.
      await page.getByRole('button', { name: 'Send answers' }).click();
      await page.getByText('How have you been since your last visit? is a required field').first().waitFor();
      expect((await storedResponse(ids.visitResponse)).completion).not.toBe('Complete');
      await page.getByRole('radio', { name: 'Better', exact: true }).check();
      await page.getByRole('button', { name: 'Send answers' }).click();
      await page.getByText('Your answers are with your care team.').waitFor();
      await synced(page);
      const answered = await storedResponse(ids.visitResponse);
      expect(answered.completion).toBe('Complete');
      expect(answered.answers).toEqual({ 'since-last': 'better', 'talk-about': 'Sleeping better since the new routine.' });
      await saveScreenshot(page, 'portal-form-sent');
      // Sent: read only from now on.
      expect(await page.getByRole('button', { name: 'Send answers' }).count()).toBe(0);

      // Staff addresses lead back to the portal's home.
      for (const staffPath of ['/patients', `/patients/${ids.patient}`, '/forms/builder', '/administration/users', '/notes']) {
        await page.goto(staffPath);
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
      }
      await expect.poll(() => page.getByText('1 form to fill in').count()).toBe(1);
      // Her account menu is hers as in the staff app: where she is signed in, and signing out.
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: "Where you're signed in" }).click();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(refusals(answers)).toEqual([]);
    },
    180_000,
  );

  it('works on a phone: the sections at the bottom of the screen, a PHQ-9 filled in and sent, no refused request', async () => {
    const { page, answers } = await signedInPatient(PHONE);
    const nav = page.getByRole('navigation', { name: 'Portal' });
    const bar = await nav.boundingBox();
    expect(bar!.y + bar!.height).toBeCloseTo(PHONE.height, 0);
    // The page is as wide as the phone: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-home-phone', { keep: true });

    await nav.getByRole('link', { name: 'Forms' }).click();
    await page.getByRole('link', { name: /PHQ-9/ }).click();
    await page.getByRole('heading', { name: 'PHQ-9', level: 1 }).waitFor();
    for (let i = 0; i < 9; i++) {
      await page
        .locator(`[data-linkid="phq9-${i + 1}"]`)
        .getByRole('radio', { name: FREQUENCY[i % 2], exact: true })
        .check();
    }
    await page.locator('[data-linkid="phq9-10"]').getByRole('radio', { name: 'Somewhat difficult', exact: true }).check();
    // Scores are for the care team to go through with her, not shown on the portal.
    expect(await page.getByTestId('score-total').count()).toBe(0);
    await page.locator('[data-linkid="phq9-4"]').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'portal-form-phone', { keep: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('Your answers are with your care team.').waitFor();
    await synced(page);
    const stored = await storedResponse(ids.phq);
    expect(stored.completion).toBe('Complete');
    expect(stored.score.total).toBe(4);

    // The bar holds Home, three sections and More; Your details is under More.
    await nav.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Your details' }).click();
    await page.getByRole('heading', { name: 'Your details', level: 1 }).waitFor();
    expect(await nav.getByRole('button', { name: 'More' }).getAttribute('data-current')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-details-phone');
    // Address 1: the one she gave on the desktop, or an empty one to fill in when she has none.
    await page.getByRole('button', { name: 'Edit addresses' }).click();
    const addresses = page.getByRole('form', { name: 'Addresses' });
    await addresses.getByLabel('Street').fill('40 Ferry Lane');
    await addresses.getByLabel('Apartment, suite (optional)').fill('');
    await addresses.getByLabel('City').fill('Portland');
    await chooseOption(page, addresses, 'State', 'Oregon (OR)');
    await addresses.getByLabel('ZIP code').fill('97201');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-details-editing-phone', { keep: true });
    await addresses.getByRole('button', { name: 'Save' }).click();
    await page.getByText('40 Ferry Lane, Portland, OR 97201').waitFor();
    await synced(page);
    expect((await storedPatient()).addresses[0]).toEqual({
      use: 'Home',
      line: ['40 Ferry Lane'],
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
    });

    await page.goto('/staff');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    expect(refusals(answers)).toEqual([]);
  }, 180_000);

  it(
    'gives a related person the portal too: her own details to keep ' + "up to date, the forms asked of her, the patient's only to read",
    async () => {
      const { page, answers } = await signedInPatient(DESKTOP, parent, 'Hello, Beatrice');
      await expect.poll(() => page.getByText('1 form to fill in').count()).toBe(1);
      await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Your details' }).click();
      const about = page.getByRole('region', { name: 'About you' });
      await about.getByText('Beatrice Harbour', { exact: true }).waitFor();
      await about.getByText('Mother', { exact: true }).waitFor();
      await about.getByText('Adaline Harbour', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Edit phones and e-mails' }).click();
      const phones = page.getByRole('form', { name: 'Phones and e-mails' });
      await phones.getByRole('button', { name: 'Add phone' }).click();
      await phones.getByLabel('Phone 1', { exact: true }).fill('555-010-0177');
      await phones.getByRole('button', { name: 'Save' }).click();
      await page.getByText('555-010-0177').waitFor();
      await synced(page);
      const stored = (await suite.t.request('GET', `RelatedPeople/${ids.parent}`)).body;
      expect(stored.telecom).toEqual([
        { system: 'Email', use: 'Home', value: 'bea@example.com' },
        { system: 'Phone', use: 'Mobile', value: '555-010-0177' },
      ]);

      await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Forms' }).click();
      const toFill = page.getByRole('region', { name: 'To fill in' }).getByTestId('portal-form');
      await expect.poll(() => toFill.count()).toBe(1);
      expect(await page.locator(`a[href="/my-forms/${ids.parentForm}"]`).count()).toBe(1);
      expect(refusals(answers)).toEqual([]);
    },
    120_000,
  );

  it('lets her clinician ask her for a form from the chart, and it waits in her portal', async () => {
    const staff = await suite.signedIn(clinician, { path: `/patients/${ids.patient}`, context: { viewport: DESKTOP } });
    await staff.getByRole('tab', { name: 'Forms and assessments' }).click();
    await chooseOption(staff, staff.getByRole('tabpanel'), 'Start another form', 'Before your visit');
    await staff.getByRole('button', { name: 'Ask the patient' }).click();
    await staff.getByText("Before your visit is waiting in Harbour, Adaline's portal.").waitFor();
    // On the server once the write queue has sent it: a response not started, the patient its author.
    const askedOfHer = async () =>
      (
        (
          await suite.t.request('POST', 'QuestionnaireResponses/queries', {
            headers: { 'x-partition-key': ids.patient },
            body: [
              { field: 'questionnaire.id', op: 'eq', value: ids.visit },
              { field: 'author.id', op: 'eq', value: ids.patient },
            ],
          })
        ).body as Record<string, any>[]
      ).filter((r) => r.id !== ids.visitResponse);
    await expect.poll(async () => (await askedOfHer()).length, { timeout: 20_000 }).toBe(1);
    const [newest] = await askedOfHer();
    expect(newest).toMatchObject({
      completion: 'NotStarted',
      author: { resourceType: 'Patient', id: ids.patient },
      subject: { id: ids.patient },
    });
    // Listed in the chart as not started, asked in the portal.
    const row = staff.getByTestId('response-row').filter({ hasText: 'Not started' }).filter({ hasText: 'Before your visit' });
    await row.first().getByText('Portal', { exact: true }).waitFor();

    const { page, answers } = await signedInPatient(DESKTOP);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Forms' }).click();
    await page.locator(`a[href="/my-forms/${newest!.id}"]`).waitFor();
    expect(refusals(answers)).toEqual([]);
  }, 120_000);
});
