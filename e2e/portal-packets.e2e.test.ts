import { PHQ9_ID } from '@caseload/core';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { syncStatus } from './support/data-layer.ts';
import { createOnServer } from './support/practice-setup.ts';
import { chooseOption, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * Packets in Chromium against the real server (docs/portal.md, "Packets"): a clinician sends a
 * minor's intake packet from the chart to the guardian; the guardian fills part of it on her
 * phone, resumes it in another browser profile (another device), signs the release with her
 * finger and submits; the clinician reviews it beside the chart and accepts the new address, and
 * the PHQ-9 answered joins the chart's score trend. No API call of the guardian's is refused.
 */

const suite = useBrowserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];
const ids = {} as Record<'minor' | 'guardian' | 'packet', string>;
let guardianDisplay = '';
let guardian: TestUser;
let clinician: TestUser;

/** A minor, her guardian and the clinician: made afresh by each attempt, since a sent packet changes them. */
async function family(): Promise<void> {
  const { t } = suite;
  ids.minor = (await createOnServer(t, 'Patients', { names: [{ given: ['Milo'], family: 'Reyes' }], birthDate: '2014-03-02' })).id;
  const rosa = await createOnServer(t, 'RelatedPeople', {
    partition: ids.minor,
    patient: { resourceType: 'Patient', id: ids.minor },
    names: [{ given: ['Rosa'], family: 'Reyes' }],
    isGuardian: true,
    telecom: [{ system: 'Email', use: 'Home', value: 'rosa@example.com' }],
  });
  ids.guardian = rosa.id;
  guardianDisplay = rosa.display;
  guardian = await t.createUser({ roles: [], profileType: 'RelatedPerson', profileId: ids.guardian });
  // A clinician who also registers patients (Case Management): she may write the address she accepts.
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician', 'Case Management'] });
}

beforeAll(async () => {
  const { t } = suite;
  await createOnServer(t, 'PracticePreferences', { display: 'preferences', allowMobilePatientSignature: true });
  const contact = await createOnServer(t, 'Questionnaires', {
    title: 'Contact details',
    status: 'Active',
    items: [
      { linkId: 'address', type: 'Address', text: "Milo's home address", required: true },
      { linkId: 'phone', type: 'String', text: 'Your mobile phone' },
    ],
  });
  const release = await createOnServer(t, 'Questionnaires', {
    title: 'Release of information',
    description: 'You allow the practice to share information about Milo’s care with the person named here.',
    status: 'Active',
    items: [
      { linkId: 'recipient', type: 'String', text: 'Who may receive information', required: true },
      { linkId: 'sign', type: 'Signature', variant: 'RelatedPersonSignature', text: 'Signature of the parent or guardian', required: true },
    ],
  });
  ids.packet = (
    await createOnServer(t, 'Packets', {
      name: 'Intake for a minor',
      audience: 'Minor',
      forms: [
        {
          key: 'contact',
          kind: 'Questionnaire',
          title: 'Contact details',
          required: true,
          form: { resourceType: 'Questionnaire', id: contact.id },
          chartFields: [
            { linkId: 'address', field: 'Patient.address' },
            { linkId: 'phone', field: 'RelatedPerson.phone' },
          ],
        },
        { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', required: true, form: { resourceType: 'Questionnaire', id: PHQ9_ID } },
        {
          key: 'roi',
          kind: 'Consent',
          title: 'Release of information',
          required: true,
          form: { resourceType: 'Questionnaire', id: release.id },
          consent: { category: 'release-of-information', recipientLinkId: 'recipient' },
        },
      ],
    })
  ).id;
});

function watchApi(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) answers.push(r);
  });
  return answers;
}
const refusals = (answers: Response[]) => answers.filter((r) => r.status() === 403).map((r) => `${r.request().method()} ${r.url()}`);
const synced = (page: Page) => expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('synced');
const narrow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function guardianOnPhone(): Promise<{ page: Page; answers: Response[] }> {
  const page = await suite.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
  const answers = watchApi(page);
  await page.goto('/sign-in');
  await signInThroughPage(page, guardian.email, TEST_PASSWORD);
  await page.getByRole('heading', { name: /^Hello, / }).waitFor();
  return { page, answers };
}

async function sentPacket(): Promise<Record<string, any>> {
  const r = await suite.t.request('POST', 'PacketResponses/queries', { body: [], headers: { 'x-partition-key': ids.minor } });
  expect(r.status).toBe(200);
  return r.body[0];
}

/** Whether the server holds the packet's PHQ-9 answered up to its fifth item. */
async function phq9AnsweredUpTo5(): Promise<boolean> {
  const entry = ((await sentPacket()).responses as { item: string; response: { id: string } }[]).find((r) => r.item === 'phq9');
  if (!entry) return false;
  const r = await suite.t.request('GET', `QuestionnaireResponses/${entry.response.id}`, { headers: { 'x-partition-key': ids.minor } });
  return r.status === 200 && r.body.answers?.['phq9-5'] !== undefined;
}

const frequency = (page: Page, item: number, answer: number) =>
  page.locator(`[data-linkid="phq9-${item}"]`).getByRole('radio', { name: FREQUENCY[answer], exact: true }).check();

describe('a packet for a minor, filled in by the guardian', () => {
  it('is sent from the chart, filled in on two phones, signed, submitted, reviewed into the chart', async () => {
    await family();
    // The clinician sends it from the chart's Forms tab.
    const staff = await suite.signedIn(clinician, { path: `/patients/${ids.minor}`, context: { viewport: DESKTOP } });
    await staff.goto(`/patients/${ids.minor}?tab=forms`);
    await staff.getByRole('button', { name: 'Send packet' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Send a packet' });
    await chooseOption(staff, dialog, 'Packet', 'Intake for a minor');
    await chooseOption(staff, dialog, 'Filled in by', `${guardianDisplay} (guardian)`);
    await dialog.getByRole('button', { name: 'Send packet' }).click();
    await staff.getByTestId('chart-packet').getByText('Not started').waitFor();
    const sent = await sentPacket();
    expect(sent).toMatchObject({ status: 'NotStarted', recipient: { resourceType: 'RelatedPerson', id: ids.guardian } });

    // On her phone: the packet waits on her home page; she fills the first part and half the PHQ-9.
    const first = await guardianOnPhone();
    let page = first.page;
    await page.getByText('Intake for a minor due').waitFor();
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Paperwork' }).click();
    await page.getByRole('heading', { name: 'Paperwork', level: 1 }).waitFor();
    await page.getByTestId('portal-packet').filter({ hasText: 'Intake for a minor' }).click();
    await page.getByText('Part 1 of 3').waitFor();
    await page.getByLabel('Street').fill('9 Orchard Road');
    await page.getByLabel('City').fill('Olympia');
    await page.getByLabel('ZIP').fill('98501');
    await page.getByLabel('Your mobile phone').fill('555-010-0199');
    expect(await narrow(page)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-packet-phone', { keep: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Part 2 of 3').waitFor();
    for (let i = 1; i <= 5; i++) await frequency(page, i, i % 2);
    // Saved as typed (after a pause in typing), then sent by the write queue.
    await page
      .getByTestId('autosave-state')
      .getByText(/^Saved at/)
      .waitFor();
    await synced(page);
    await expect.poll(async () => (await sentPacket()).status, { timeout: 15_000 }).toBe('InProgress');
    // Closing the phone drops what its queue has not sent: the queue may still read "synced" from
    // before the last answers were saved, so wait for the PHQ-9's answers on the server.
    await expect.poll(phq9AnsweredUpTo5, { timeout: 20_000 }).toBe(true);
    expect(refusals(first.answers)).toEqual([]);
    await page.context().close();

    // Another device: she finds it where she left it and finishes.
    const second = await guardianOnPhone();
    page = second.page;
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Paperwork' }).click();
    await page.getByRole('heading', { name: 'Paperwork', level: 1 }).waitFor();
    await page.getByTestId('portal-packet').filter({ hasText: 'Intake for a minor' }).click();
    await page.getByText('Part 1 of 3').waitFor();
    expect(await page.getByLabel('Street').inputValue()).toBe('9 Orchard Road');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Part 2 of 3').waitFor();
    await expect
      .poll(() => page.locator('[data-linkid="phq9-1"]').getByRole('radio', { name: FREQUENCY[1], exact: true }).isChecked())
      .toBe(true);
    for (let i = 6; i <= 9; i++) await frequency(page, i, 0);
    await page.locator('[data-linkid="phq9-10"]').getByRole('radio', { name: 'Somewhat difficult', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Part 3 of 3').waitFor();
    await page.getByLabel('Who may receive information').fill('Olympia Middle School counsellor');
    const canvas = page.getByTestId('signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
    await page.mouse.down();
    for (const [x, y] of [
      [0.25, 0.3],
      [0.4, 0.75],
      [0.55, 0.35],
      [0.7, 0.7],
      [0.85, 0.4],
    ] as const)
      await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByTestId('signature-image').waitFor();
    expect(await narrow(page)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-packet-signed-phone', { keep: true });
    await page.getByRole('button', { name: 'Save and check' }).click();
    await page.getByText('Check and send').waitFor();
    await page.getByRole('button', { name: 'Send to my care team' }).click();
    await page.getByRole('status').getByText('You sent this paperwork on').waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'portal-packet-sent-phone', { keep: true });
    expect(refusals(second.answers)).toEqual([]);
    const submitted = await sentPacket();
    expect(submitted.status).toBe('Submitted');
    expect(submitted.consents).toHaveLength(1);

    // The clinician reviews it beside the chart and accepts the address, not the phone.
    await staff.goto(`/patients/${ids.minor}?tab=forms`);
    await staff.getByTestId('chart-packet').getByRole('link', { name: 'Review' }).click();
    await staff.getByRole('heading', { name: 'Changes to the chart' }).waitFor();
    await staff.getByTestId('review-change').getByText('9 Orchard Road, Olympia, 98501').waitFor();
    const accept = staff.getByRole('checkbox', { name: "Accept Patient's home address" });
    await accept.click();
    await expect.poll(() => accept.isChecked()).toBe(true);
    await saveScreenshot(staff, 'portal-packet-review', { keep: true });
    await staff.getByRole('button', { name: 'Accept 1 and mark reviewed' }).click();
    await staff.getByTestId('review-change').getByText('Accepted').waitFor();
    await staff.getByText(/^Reviewed by /).waitFor();
    const patient = (await suite.t.request('GET', `Patients/${ids.minor}`)).body;
    expect(patient.addresses).toEqual([{ use: 'Home', line: ['9 Orchard Road'], city: 'Olympia', postalCode: '98501' }]);
    const rosa = (await suite.t.request('GET', `RelatedPeople/${ids.guardian}`)).body;
    expect(rosa.telecom).toEqual([{ system: 'Email', use: 'Home', value: 'rosa@example.com' }]);

    // The PHQ-9 she answered joins the chart's score trend.
    await staff.goto(`/patients/${ids.minor}?tab=forms`);
    await staff.getByTestId('trend-PHQ-9').waitFor();
  }, 240_000);
});
