import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { syncStatus } from './support/data-layer.ts';
import { findPatientByMrn, openChart, openChartTab, openPatientList } from './support/patients.ts';
import { expectSignedInAs, signInThroughPage } from './support/web-app.ts';

/**
 * Editing the patient chart's records (issue 5) in Debian's Chromium against the real server: a
 * related person, an episode of care in a program with a new diagnosis, an allergy written in
 * (seen at once in the chart header's alerts) and a coverage with the practice's payer; after a
 * reload all are on the chart and on the server. A form refuses a record it cannot store, with
 * SPEC.md section 5's message, and stores nothing.
 */

let t: TestServer;
let browser: Browser;
let clinician: TestUser;
let context: BrowserContext;
const tag = randomUUID().slice(0, 4).toUpperCase();
const programName = `Intensive Outpatient ${tag}`;
const payerName = `Blue Shield ${tag}`;
let patientId: string;
const display = `Marsh${tag}, Ada`;
const mrn = `EDT${tag}1`;

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  // Case Management keeps episodes, related persons, coverage and consents; a prescribing clinician records allergies and diagnoses.
  clinician = await t.createUser({ roles: ['Case Management', 'Prescribing Clinician'] });
  const program = await t.request('POST', t.practiceUrl('Programs'), {
    body: { resourceType: 'Program', name: programName, display: programName, active: true },
  });
  expect(program.status, program.text).toBe(201);
  const payer = await t.request('POST', t.practiceUrl('Organizations'), {
    body: { resourceType: 'Organization', name: payerName, display: payerName, kind: 'Payer', active: true },
  });
  expect(payer.status, payer.text).toBe(201);
  const patient = await t.request('POST', t.practiceUrl('Patients'), {
    body: {
      resourceType: 'Patient',
      display,
      names: [{ given: ['Ada'], family: `Marsh${tag}` }],
      mrn,
      birthDate: '1979-05-02',
      administrativeSex: 'Female',
    },
  });
  expect(patient.status, patient.text).toBe(201);
  patientId = patient.body.id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

async function signedIn(user: TestUser): Promise<Page> {
  context = await newContext(browser, t.url);
  const page = await context.newPage();
  await page.goto('/sign-in?next=%2Fpatients');
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await expectSignedInAs(page, user.email);
  await openPatientList(page);
  return page;
}

const escaped = (label: string) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text box, select or autocomplete by its label (a required field's label ends in " *"). */
function field(scope: Locator, label: string): Locator {
  const name = new RegExp(`^${escaped(label)}( \\*)?$`);
  return scope.getByRole('textbox', { name }).or(scope.getByRole('combobox', { name })).first();
}

/** Opens a Mantine select or autocomplete by its label, types to narrow it, and picks the option. */
async function choose(page: Page, scope: Locator, label: string, typed: string, option: string | RegExp): Promise<void> {
  const box = field(scope, label);
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function save(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'hidden' });
}

/** The patient's records of one collection as the server holds them. */
async function stored(collection: string): Promise<Record<string, any>[]> {
  const answer = await t.request('GET', t.practiceUrl(collection), { headers: { 'x-partition-key': patientId } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('editing the patient chart', () => {
  it(
    'adds a related person, an episode with a new diagnosis, an allergy (in the ' +
      'header at once) and a coverage; all survive a reload and are on the server',
    async () => {
      const page = await signedIn(clinician);
      await findPatientByMrn(page, mrn);
      await openChart(page, display);
      const header = page.getByTestId('chart-header');

      // A related person: a guardian mother with a phone.
      await openChartTab(page, 'Contacts');
      const contacts = page.getByRole('tabpanel', { name: 'Contacts' });
      await contacts.getByRole('button', { name: 'Add related person' }).click();
      const person = page.getByRole('form', { name: 'New related person' });
      await person.getByRole('textbox', { name: 'First name' }).fill('Rose');
      await person.getByRole('textbox', { name: 'Last name' }).fill(`Marsh${tag}`);
      await choose(page, person, 'Relationship', 'Mother', 'Mother');
      await person.getByRole('checkbox', { name: /Legal guardian/ }).check();
      await person.getByRole('textbox', { name: 'Phone 1', exact: true }).fill('555-010-0142');
      await save(person);
      await contacts.getByText(`Rose Marsh${tag}`).waitFor();

      // An episode in the program with a new diagnosis, found by words.
      await openChartTab(page, 'Episodes and diagnoses');
      const episodes = page.getByRole('tabpanel', { name: 'Episodes and diagnoses' });
      await episodes.getByRole('button', { name: 'Add episode of care' }).click();
      const episode = page.getByRole('form', { name: 'New episode of care' });
      await choose(page, episode, 'Programs (enrollments)', programName, programName);
      await episode.getByRole('button', { name: 'Add diagnosis' }).click();
      await choose(page, episode, 'Diagnosis 1', 'generalized anx', 'F41.1 Generalized anxiety disorder');
      await save(episode);
      await expect.poll(() => header.textContent()).toContain(programName);
      await episodes.getByRole('region', { name: 'Diagnoses' }).getByText('F41.1 Generalized anxiety disorder').waitFor();

      // An allergy written in (not on the list): the header shows it as soon as it is saved.
      await episodes.getByRole('button', { name: 'Add allergy' }).click();
      const allergy = page.getByRole('form', { name: 'New allergy' });
      await field(allergy, 'Substance').fill('Strawberries');
      await allergy.getByRole('textbox', { name: 'Reaction' }).fill('Hives');
      await save(allergy);
      await expect.poll(() => header.textContent()).toContain('Allergy: Strawberries');

      // A coverage with the practice's payer.
      await episodes.getByRole('button', { name: 'Add coverage' }).click();
      const coverage = page.getByRole('form', { name: 'New coverage' });
      await choose(page, coverage, 'Payer', payerName.slice(0, 8), payerName);
      await field(coverage, 'Member ID').fill(`M${tag}77`);
      await save(coverage);
      await episodes.getByText(`Member M${tag}77`).waitFor();

      await expect.poll(() => syncStatus(page), { timeout: 15_000 }).toBe('synced');
      // Once sent, the new records stay listed (the lists are read again when the queue drains).
      await expect.poll(() => header.textContent(), { timeout: 5_000 }).toContain('Allergy: Strawberries');
      await episodes.getByText(`Member M${tag}77`).waitFor();
      await page.reload();
      await page.getByTestId('chart-header').waitFor();
      // The header fills in as its reads arrive: the allergies and the episodes come separately.
      await expect.poll(() => page.getByTestId('chart-header').textContent()).toContain('Allergy: Strawberries');
      await expect.poll(() => page.getByTestId('chart-header').textContent()).toContain(programName);
      await openChartTab(page, 'Episodes and diagnoses');
      const after = page.getByRole('tabpanel', { name: 'Episodes and diagnoses' });
      await after.getByText(`Member M${tag}77`).waitFor();
      await after.getByText('Primary: F41.1 Generalized anxiety disorder').waitFor();
      await openChartTab(page, 'Contacts');
      await page.getByRole('tabpanel', { name: 'Contacts' }).getByText(`Rose Marsh${tag}`).waitFor();

      const [people, episodeRows, conditions, allergies, coverages] = await Promise.all([
        stored('RelatedPeople'),
        stored('EpisodesOfCare'),
        stored('Conditions'),
        stored('Allergies'),
        stored('Coverages'),
      ]);
      expect(people).toHaveLength(1);
      expect(people[0]).toMatchObject({
        partition: patientId,
        patient: { id: patientId },
        isGuardian: true,
        relationship: { code: 'MTH' },
      });
      expect(people[0]!.telecom).toEqual([{ system: 'Phone', use: 'Mobile', value: '555-010-0142' }]);
      expect(conditions).toHaveLength(1);
      expect(conditions[0]).toMatchObject({ code: { code: 'F41.1' }, verificationStatus: 'Confirmed', partition: patientId });
      expect(episodeRows).toHaveLength(1);
      expect(episodeRows[0]).toMatchObject({
        status: 'active',
        programs: [{ program: { resourceType: 'Program', display: programName } }],
      });
      expect(episodeRows[0]!.diagnoses).toEqual([
        {
          condition: { resourceType: 'Condition', id: conditions[0]!.id, display: 'F41.1 Generalized anxiety disorder' },
          role: 'primary',
          rank: 1,
        },
      ]);
      expect(allergies).toHaveLength(1);
      expect(allergies[0]).toMatchObject({ substance: { code: 'OTH', display: 'Strawberries' }, reaction: 'Hives', status: 'active' });
      expect(coverages).toHaveLength(1);
      expect(coverages[0]).toMatchObject({
        payor: { name: payerName, reference: { resourceType: 'Organization' } },
        memberId: `M${tag}77`,
        order: 1,
      });
    },
  );

  it('refuses a coverage without a member id with the form message, and stores nothing', async () => {
    const page = context ? await context.newPage() : await signedIn(clinician);
    await page.goto(`/patients/${patientId}`);
    await page.getByTestId('chart-header').waitFor();
    await openChartTab(page, 'Episodes and diagnoses');
    const before = (await stored('Coverages')).length;
    await page.getByRole('tabpanel', { name: 'Episodes and diagnoses' }).getByRole('button', { name: 'Add coverage' }).click();
    const coverage = page.getByRole('form', { name: 'New coverage' });
    await field(coverage, 'Payer').fill('Aetna');
    await coverage.getByRole('button', { name: 'Save' }).click();
    await coverage.getByText('memberId is a required field').waitFor();
    await coverage.getByRole('button', { name: 'Cancel' }).click();
    expect(await stored('Coverages')).toHaveLength(before);
  });
});
