import { randomUUID } from 'node:crypto';
import { QuestionTypes } from '@caseload/core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { syncStatus } from './support/data-layer.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The forms engine (issue 6) in Chromium against the real server: an administrator builds a
 * form with one question of every type in the builder, sees the server refuse to publish a
 * broken pattern, publishes it; a clinician fills it in for a patient (a drawn signature too),
 * submits, reloads, and every answer and the signature are back, on screen and on the server.
 * PHQ-9 responses score and band as computed by hand.
 */

let t: TestServer;
let browser: Browser;
let user: TestUser;
const contexts: BrowserContext[] = [];
const tag = randomUUID().slice(0, 4).toUpperCase();
const ids: Record<string, string> = {};

async function create(collection: string, body: Record<string, unknown>): Promise<string> {
  const created = await t.request('POST', t.practiceUrl(collection), { body });
  expect(created.status, `${collection}: ${created.text}`).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  user = await t.createUser({ roles: ['Administrative', 'Prescribing Clinician', 'Case Management'] });
  ids.patient = await create('Patients', {
    resourceType: 'Patient',
    display: `Form${tag}, Pat`,
    names: [{ given: ['Pat'], family: `Form${tag}` }],
    administrativeSex: 'Female',
    birthDate: '1980-01-02',
  });
  ids.location = await create('Locations', { resourceType: 'Location', display: `Clinic ${tag}` });
  ids.service = await create('HealthcareServices', { resourceType: 'HealthcareService', display: `Counselling ${tag}` });
  ids.payer = await create('Organizations', { resourceType: 'Organization', display: `Payer ${tag}` });
  ids.related = await create('RelatedPeople', { resourceType: 'RelatedPerson', partition: ids.patient, display: `Kin ${tag}` });
  ids.document = await create('DocumentReferences', {
    resourceType: 'DocumentReference',
    partition: ids.patient,
    title: `Letter ${tag}`,
    category: { code: 'letter' },
    date: '2026-01-05',
    media: { resourceType: 'Media', id: 'letter-file' },
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function signedIn(path: string): Promise<Page> {
  const context = await newContext(browser, t.url);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent(path)}`);
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await expectSignedInAs(page, user.email);
  return page;
}

/** The question whose label is "New {type} question". */
const question = (page: Page, type: string): Locator =>
  page
    .locator('form[aria-label="Questionnaire"] .questionnaire-item')
    .filter({ has: page.getByText(`New ${type} question`, { exact: true }) })
    .first();

/** The first visible input of a question (a select's search box). */
const field = (page: Page, type: string): Locator => question(page, type).locator('input:not([type="hidden"])').first();

/** Opens a Mantine select inside `scope` and picks the option named `name`. */
async function pick(page: Page, input: Locator, name: string | RegExp): Promise<void> {
  await input.click();
  await page.getByRole('option', { name }).first().click();
}

const synced = (page: Page) => expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('synced');

/** Types every question type, Header last (new questions go inside a selected Header). */
const ORDER = [...QuestionTypes.filter((q) => q !== 'Header'), 'Header'];

describe('forms engine in the browser', () => {
  it(
    'builds a form of every question type, publishes it, fills it ' + 'in with a drawn signature, and gets it all back after a reload',
    async () => {
      const page = await signedIn('/forms');
      await page.getByRole('link', { name: 'New form' }).first().click();
      await page.waitForURL(/\/forms\/builder/);
      await page.getByLabel('Title').fill(`Intake ${tag}`);
      for (const type of ORDER) {
        await page.getByLabel('New question type').selectOption(type);
        await page.getByRole('button', { name: 'Add question' }).click();
      }
      await expect.poll(() => page.getByTestId('outline-item').count()).toBe(ORDER.length);

      // A broken pattern: the server refuses to publish, and says why.
      await page.getByTestId('outline-item').filter({ hasText: 'New String question' }).getByRole('button').first().click();
      await page.getByLabel('Pattern').fill('([a-z]');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect
        .poll(() => page.getByTestId('builder-message').textContent(), { timeout: 20_000 })
        .toMatch(/pattern is not a valid regular expression/);
      await page.getByLabel('Pattern').fill('[a-z]+');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.getByTestId('builder-status').textContent(), { timeout: 20_000 }).toBe('Active');
      await saveScreenshot(page, 'form-builder');

      // Fill it in for a patient, from the chart.
      await page.goto(`/patients/${ids.patient}`);
      await page.getByRole('tab', { name: 'Forms and assessments' }).click();
      await pick(page, page.getByLabel('Start another form').first(), `Intake ${tag}`);
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await page.waitForURL(/\/forms\/responses\//);
      const responseId = page.url().split('/').pop()!;

      await question(page, 'Boolean').getByRole('checkbox').check();
      await question(page, 'Integer').getByRole('textbox').fill('42');
      await question(page, 'Decimal').getByRole('textbox').fill('3.5');
      await question(page, 'String').getByRole('textbox').fill('hello');
      await question(page, 'Text').getByRole('textbox').fill('line one\nline two');
      await question(page, 'Date').locator('input').fill('2024-05-01');
      await question(page, 'DateTime').locator('input').fill('2024-05-01T10:30:00');
      await question(page, 'Time').locator('input').fill('10:30:15');
      await question(page, 'Choice').getByRole('radio', { name: 'Option B' }).check();
      await field(page, 'OpenChoice').fill('Something else');
      await page.keyboard.press('Escape');
      await question(page, 'Ranking').getByRole('button', { name: 'Move Option A down' }).click();
      await question(page, 'ContactPoint').getByRole('textbox', { name: 'Phone number' }).fill('555-123-4567');
      await question(page, 'Approximate').getByRole('textbox').fill('2020-05');
      const address = question(page, 'Address');
      await address.getByRole('textbox', { name: 'Street' }).fill('1 Main St');
      await address.getByRole('textbox', { name: 'City' }).fill('Springfield');
      await pick(page, address.getByLabel('State').first(), 'Illinois (IL)');
      await address.getByRole('textbox', { name: 'ZIP' }).fill('62701');
      await pick(page, field(page, 'Patient'), `Form${tag}, Pat`);
      await pick(page, field(page, 'Practitioner'), /Administrative/);
      await pick(page, field(page, 'InsuranceCompany'), `Payer ${tag}`);
      await pick(page, field(page, 'Location'), `Clinic ${tag}`);
      await pick(page, field(page, 'RelatedPerson'), `Kin ${tag}`);
      await pick(page, field(page, 'HealthcareService'), `Counselling ${tag}`);
      await pick(page, field(page, 'DocumentReference'), `Letter ${tag}`);
      const lookup = question(page, 'EhrLookup');
      await lookup.getByLabel('Kind of record').click();
      await page.getByRole('option', { name: 'DocumentReference' }).click();
      await pick(page, lookup.getByLabel('New EhrLookup question').first(), `Letter ${tag}`);
      await question(page, 'TextChoice').getByRole('radio', { name: 'Option A' }).check();
      await question(page, 'Duration').getByRole('textbox').fill('01:30:00');
      await question(page, 'Grid').getByRole('textbox', { name: 'Row 1: Column 1' }).fill('cell');
      await pick(page, field(page, 'UsState'), 'Texas (TX)');
      await question(page, 'TableReport').getByRole('button', { name: 'Take from the chart' }).click();
      await question(page, 'TableReport')
        .getByText(/^Taken /)
        .waitFor();
      await question(page, 'ServiceEvents').getByRole('button', { name: 'Take from the chart' }).click();
      await question(page, 'ServiceEvents')
        .getByText(/^Taken /)
        .waitFor();

      // Draw a signature with the mouse, then sign.
      const canvas = page.getByTestId('signature-canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + 30, box.y + 100);
      await page.mouse.down();
      for (const [x, y] of [
        [80, 40],
        [130, 120],
        [180, 50],
        [240, 110],
        [300, 60],
      ] as const)
        await page.mouse.move(box.x + x, box.y + y, { steps: 5 });
      await page.mouse.up();
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page.getByTestId('signature-image').waitFor();

      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(
          async () =>
            (
              `${await page.getByTestId('response-completion').textContent()} ` +
              `${(await page.getByRole('alert').allTextContents()).join(' | ')}`
            ).trim(),
          { timeout: 15_000 },
        )
        .toBe('Complete');
      await synced(page);

      await page.reload();
      await page.getByTestId('questionnaire-readonly').waitFor();
      const shown = await page.getByTestId('questionnaire-readonly').textContent();
      for (const text of [
        'Yes',
        '42',
        '3.5',
        'hello',
        '2024-05-01',
        '10:30:15',
        'Option B',
        'Something else',
        '1. Option B; 2. Option A',
        '555-123-4567',
        '2020-05',
        '1 Main St, Springfield, IL 62701',
        `Payer ${tag}`,
        `Clinic ${tag}`,
        `Kin ${tag}`,
        `Counselling ${tag}`,
        `Letter ${tag}`,
        '01:30:00',
        'cell',
        'Texas',
      ]) {
        expect(shown, text).toContain(text);
      }
      await expect.poll(() => page.getByTestId('signature-image').getAttribute('src'), { timeout: 15_000 }).toMatch(/content/);
      await saveScreenshot(page, 'form-response');

      const stored = await t.request('GET', t.practiceUrl(`QuestionnaireResponses/${responseId}`));
      expect(stored.status).toBe(200);
      const { answers, signatures, completion } = stored.body;
      expect(completion).toBe('Complete');
      const byType = (type: string) => {
        const form = ORDER.indexOf(type);
        return Object.entries(answers).find(([k]) => k === `q${form + 1}`)?.[1];
      };
      expect(Object.keys(answers).length).toBeGreaterThanOrEqual(25);
      expect(Object.values(answers)).toEqual(
        expect.arrayContaining([
          true,
          42,
          3.5,
          'hello',
          'line one\nline two',
          '2024-05-01',
          '10:30:15',
          'b',
          'Something else',
          ['b', 'a'],
          '2020-05',
          'Option A',
          '01:30:00',
          'TX',
        ]),
      );
      expect(byType('Boolean')).toBe(true);
      expect(signatures).toHaveLength(1);
      expect(signatures[0]).toMatchObject({ role: 'Practitioner', image: { resourceType: 'Media' } });
      expect(signatures[0].voided).toBeUndefined();
    },
    240_000,
  );

  it('scores PHQ-9 responses as computed by hand, with their bands', async () => {
    const page = await signedIn(`/patients/${ids.patient}`);
    // Hand-computed: 3+3+2+2+1+1+0+0+1 = 13 (Moderate, 10-14); all "Not at all" = 0 (None–minimal).
    const cases = [
      { answers: [3, 3, 2, 2, 1, 1, 0, 0, 1], total: '13', band: 'Moderate' },
      { answers: [0, 0, 0, 0, 0, 0, 0, 0, 0], total: '0', band: 'None–minimal' },
    ];
    const words = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];
    for (const c of cases) {
      await page.goto(`/patients/${ids.patient}`);
      await page.getByRole('tab', { name: 'Forms and assessments' }).click();
      await page.getByRole('button', { name: 'Start PHQ-9' }).click();
      await page.waitForURL(/\/forms\/responses\//);
      for (let i = 0; i < 9; i++) {
        await page
          .locator(`[data-linkid="phq9-${i + 1}"]`)
          .getByRole('radio', { name: words[c.answers[i]!], exact: true })
          .check();
      }
      await expect.poll(() => page.getByTestId('score-total').textContent()).toBe(c.total);
      expect(await page.getByTestId('score-band').textContent()).toBe(c.band);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.getByTestId('response-completion').textContent()).toBe('Complete');
      await synced(page);
      const id = page.url().split('/').pop()!;
      const stored = await t.request('GET', t.practiceUrl(`QuestionnaireResponses/${id}`));
      expect(stored.body.score.total).toBe(Number(c.total));
      expect(stored.body.score.band.label).toBe(c.band);
    }
    await page.goto(`/patients/${ids.patient}`);
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    await page.getByTestId('trend-PHQ-9').waitFor();
    await saveScreenshot(page, 'assessment-trend');
  }, 120_000);
});
