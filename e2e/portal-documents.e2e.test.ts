import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createOnServer } from './support/practice-setup.ts';
import { saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * Chart documents shared through the portal in Chromium against the real server (docs/portal.md,
 * "Documents"): a clinician uploads a PDF in the chart's Documents tab and shares it; the patient
 * finds it on her phone, on her home page and under Documents, and downloads exactly its bytes,
 * while the document the care team keeps to itself never appears. No API answer is a 403.
 */

const suite = useBrowserSuite();
let patientId: string;
let patient: TestUser;
let clinician: TestUser;

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LETTER = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Discharge letter for Adaline Harbour\n%%EOF\n');

beforeAll(async () => {
  const { t } = suite;
  patientId = (
    await createOnServer(t, 'Patients', {
      names: [
        { given: ['Adaline'], family: 'Harbour' },
        { use: 'Preferred', given: ['Ada'] },
      ],
    })
  ).id;
  patient = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patientId });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  // A document the care team keeps to itself, with its file.
  const media = await createOnServer(t, 'Media', { partition: patientId, display: 'Internal summary' });
  const uploaded = await t.request('POST', `Media/${media.id}/content`, { raw: LETTER, headers: { 'content-type': 'application/pdf' } });
  expect(uploaded.status, uploaded.text).toBe(200);
  await createOnServer(t, 'DocumentReferences', {
    partition: patientId,
    title: 'Internal summary',
    category: { code: 'treatment-summary' },
    date: '2026-10-01',
    media: { resourceType: 'Media', id: media.id },
    contentType: 'application/pdf',
    size: LETTER.length,
    sharedWithPatient: false,
  });
});

function watchApi(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) answers.push(r);
  });
  return answers;
}

const refusals = (answers: Response[]) => answers.filter((r) => r.status() === 403).map((r) => `${r.request().method()} ${r.url()}`);

async function storedDocuments(): Promise<Record<string, any>[]> {
  const r = await suite.t.request('POST', 'DocumentReferences/queries', { body: [], headers: { 'x-partition-key': patientId } });
  return r.body;
}

describe('documents shared with the patient', () => {
  it('are uploaded and shared in the chart, and downloaded by the patient on her phone', async () => {
    const staff = await suite.signedIn(clinician, { path: `/patients/${patientId}`, context: { viewport: DESKTOP } });
    await staff.getByRole('tab', { name: 'Documents' }).click();
    await staff.getByText('Internal summary').waitFor();
    await staff
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'Discharge letter.pdf', mimeType: 'application/pdf', buffer: LETTER });
    const dialog = staff.getByRole('dialog', { name: 'Upload document' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Discharge letter');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await storedDocuments()).find((d) => d.title === 'Discharge letter')?.author?.id, { timeout: 20_000 })
      .toBe(clinician.profile.id);
    await staff.getByRole('button', { name: 'Share with patient: Discharge letter' }).click();
    await staff.getByRole('button', { name: 'Stop sharing: Discharge letter' }).waitFor();
    await expect
      .poll(async () => (await storedDocuments()).find((d) => d.title === 'Discharge letter')?.sharedBy?.id, { timeout: 20_000 })
      .toBe(clinician.profile.id);
    await staff.getByRole('button', { name: 'Share with patient: Internal summary' }).waitFor();
    await saveScreenshot(staff, 'chart-documents', { keep: true });

    const page = await suite.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const answers = watchApi(page);
    await page.goto('/sign-in');
    await signInThroughPage(page, patient.email, TEST_PASSWORD);
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    await page.getByText('1 document shared with you').waitFor();
    // A phone's bar holds Home, three sections and More: Documents is under More.
    const nav = page.getByRole('navigation', { name: 'Portal' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Paperwork', 'Appointments', 'Forms']);
    await nav.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const cards = page.getByTestId('portal-document');
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual([expect.stringContaining('Discharge letter')]);
    expect(await page.getByText('Internal summary').count()).toBe(0);
    await cards
      .first()
      .getByText(/shared by/)
      .waitFor();
    // Nothing scrolls sideways on a 360-pixel phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-documents-phone', { keep: true });

    const download = page.getByRole('link', { name: 'Download Discharge letter' });
    const href = (await download.getAttribute('href'))!;
    const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), href);
    expect(Buffer.from(bytes).equals(LETTER)).toBe(true);
    // Keyboard: the download is a Tab stop that opens the file.
    await download.focus();
    const [opened] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    expect(opened.url()).toContain('/content');
    expect(refusals(answers)).toEqual([]);

    // Sent in error after all: staff delete it, asked first; it leaves the portal, its file too.
    await staff.getByRole('button', { name: 'Delete: Discharge letter' }).click();
    const ask = staff.getByRole('dialog', { name: 'Delete as entered in error?' });
    await ask.getByText(/stop sharing it instead/).waitFor();
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(async () => (await storedDocuments()).map((d) => d.title), { timeout: 20_000 }).toEqual(['Internal summary']);
    expect(await staff.getByText('Discharge letter').count()).toBe(0);
    await page.reload();
    await page.getByText('No documents shared with you yet.').waitFor();
    expect(await page.evaluate(async (url) => (await fetch(url)).status, href)).toBe(404);
  }, 180_000);
});
