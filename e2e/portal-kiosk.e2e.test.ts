import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createOnServer } from './support/practice-setup.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The kiosk in Chromium against the real server (docs/portal.md, "Kiosk mode"): from a patient's
 * chart a clinician taps "Fill in the clinic" and hands the device over; it shows that packet and
 * nothing else, with the clinician's session ended; the patient fills it in, signs and sends it;
 * the device locks on "Thank you, please hand the device back" and only the clinician's sign-in
 * leads back to the chart.
 */

const suite = useBrowserSuite();
const PHONE = { width: 390, height: 844 };
/** The clinic's tablet, landscape. */
const TABLET = { width: 1180, height: 820 };
const ids = {} as Record<'patient' | 'packet' | 'response', string>;
let clinician: TestUser;

beforeAll(async () => {
  const { t } = suite;
  await createOnServer(t, 'PracticePreferences', { display: 'preferences', allowMobilePatientSignature: false });
  ids.patient = (await createOnServer(t, 'Patients', { names: [{ given: ['Kai'], family: 'Moreno' }], birthDate: '1990-05-01' })).id;
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician', 'Case Management'] });
  const reason = await createOnServer(t, 'Questionnaires', {
    title: 'About your visit',
    status: 'Active',
    items: [{ linkId: 'reason', type: 'String', text: 'What brings you in today?', required: true }],
  });
  const consent = await createOnServer(t, 'Questionnaires', {
    title: 'Consent to treatment',
    description: 'You agree to be seen by the practice’s clinicians.',
    status: 'Active',
    items: [
      { linkId: 'name', type: 'String', text: 'Your full name', required: true },
      { linkId: 'sign', type: 'Signature', variant: 'AdhocPatientSignature', text: 'Your signature', required: true },
    ],
  });
  ids.packet = (
    await createOnServer(t, 'Packets', {
      name: 'Adult intake',
      audience: 'Adult',
      forms: [
        {
          key: 'reason',
          kind: 'Questionnaire',
          title: 'About your visit',
          required: true,
          form: { resourceType: 'Questionnaire', id: reason.id },
        },
        {
          key: 'consent',
          kind: 'Consent',
          title: 'Consent to treatment',
          required: true,
          form: { resourceType: 'Questionnaire', id: consent.id },
          consent: { category: 'treatment' },
        },
      ],
    })
  ).id;
});

/** The packet sent to the patient, as the server has it now. */
async function packetResponse(): Promise<Record<string, any>> {
  const r = await suite.t.request('GET', `PacketResponses/${ids.response}`, { headers: { 'x-partition-key': ids.patient } });
  expect(r.status).toBe(200);
  return r.body;
}

async function draw(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.5, 0.75],
    [0.7, 0.35],
    [0.9, 0.6],
  ] as const)
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  await page.mouse.up();
}

describe('kiosk', () => {
  it('hands the device over for one packet, locks when it is sent, and opens again only to the clinician', async () => {
    const sent = await clinician.client.request('POST', `Packets/${ids.packet}/send`, {
      body: { patient: ids.patient, dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) },
    });
    expect(sent.status, sent.text).toBe(201);
    ids.response = sent.body.id;

    const page = await suite.signedIn(clinician, {
      path: `/patients/${ids.patient}`,
      context: { viewport: TABLET, hasTouch: true },
    });
    await page.goto(`/patients/${ids.patient}?tab=forms`);
    const row = page.getByTestId('chart-packet').filter({ hasText: 'Adult intake' });
    await row.getByRole('button', { name: 'Fill in the clinic' }).click();

    // The kiosk: the packet alone, no navigation, and the clinician's session gone from the device.
    await page.waitForURL('**/kiosk');
    await page.getByRole('heading', { name: 'Adult intake', level: 1 }).waitFor();
    await page.getByText('Part 1 of 2').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'caseload_session')).toBe(false);
    // Usable on a phone's width too.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(TABLET);

    await page.getByLabel('What brings you in today?').fill('Trouble sleeping since the spring');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Part 2 of 2').waitFor();
    await page.getByLabel('Your full name').fill('Kai Moreno');
    await draw(page);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByTestId('kiosk-part').getByTestId('signature-image').waitFor();
    await saveScreenshot(page, 'portal-kiosk-signing', { keep: true });
    await page.getByRole('button', { name: 'Save and check' }).click();
    await page.getByText('Check and send').waitFor();
    await page.getByRole('button', { name: 'Send to my care team' }).click();

    // Locked: thank you, and the staff sign-in as the only way on.
    await page.getByText('Thank you, please hand the device back').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await packetResponse()).status, { timeout: 15_000 }).toBe('Submitted');
    expect((await packetResponse()).submittedBy).toMatchObject({ resourceType: 'Patient', id: ids.patient });
    await saveScreenshot(page, 'portal-kiosk', { keep: true });
    // A reload keeps it locked; the chart's address leads to the sign-in page, not the chart.
    await page.reload();
    await page.getByText('Thank you, please hand the device back').waitFor();
    const other = await page.context().newPage();
    await other.goto(`/patients/${ids.patient}`);
    await other.waitForURL('**/sign-in**');
    await other.close();

    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in and leave' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toContain('/kiosk');
    await page.getByRole('textbox', { name: 'Password' }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in and leave' }).click();
    await page.waitForURL(`**/patients/${ids.patient}`);
    await page
      .getByRole('heading', { name: /Moreno/ })
      .first()
      .waitFor();
  }, 180_000);
});
