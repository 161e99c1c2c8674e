import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createOnServer } from './support/practice-setup.ts';
import { saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * Accessibility of the patient portal (issue 23, "Proof"): axe-core, injected into each page in
 * Chromium, finds no serious or critical violation of WCAG 2.0 to 2.2 A and AA on the portal's home,
 * its paperwork list, a packet being filled in and the appointments, on a 360-pixel-wide phone,
 * where nothing scrolls sideways. (Lighthouse's score is a bench: docs/performance.md.)
 */

const suite = useBrowserSuite();
const PHONE = { width: 360, height: 740 };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ids = {} as Record<'patient' | 'packet' | 'response', string>;
let patient: TestUser;

beforeAll(async () => {
  const { t } = suite;
  await createOnServer(t, 'PracticePreferences', { display: 'preferences', appointmentCreation: true });
  ids.patient = (await createOnServer(t, 'Patients', { names: [{ given: ['Ana'], family: 'Silva' }], birthDate: '1988-02-14' })).id;
  patient = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: ids.patient });
  const clinician = await t.createUser({ roles: ['Non-Prescribing Clinician', 'Case Management'] });
  const form = await createOnServer(t, 'Questionnaires', {
    title: 'About your visit',
    status: 'Active',
    items: [
      { linkId: 'reason', type: 'String', text: 'What brings you in today?', required: true },
      {
        linkId: 'mood',
        type: 'Choice',
        text: 'How has your mood been?',
        answerOptions: ['Good', 'So-so', 'Low'].map((o) => ({ code: o.toLowerCase(), display: o })),
      },
    ],
  });
  ids.packet = (
    await createOnServer(t, 'Packets', {
      name: 'Adult intake',
      forms: [
        {
          key: 'visit',
          kind: 'Questionnaire',
          title: 'About your visit',
          required: true,
          form: { resourceType: 'Questionnaire', id: form.id },
        },
      ],
    })
  ).id;
  const sent = await clinician.client.request('POST', `Packets/${ids.packet}/send`, {
    body: { patient: ids.patient, dueDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) },
  });
  expect(sent.status, sent.text).toBe(201);
  ids.response = sent.body.id;
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const visit = await clinician.client.request('POST', 'Appointments', {
    body: {
      partition: ids.patient,
      status: 'booked',
      owner: clinician.profile,
      attendees: [{ subject: { resourceType: 'Patient', id: ids.patient } }],
      visitMode: 'Telehealth',
      start: start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      end: new Date(start.getTime() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      overrideConflicts: true,
    },
  });
  expect(visit.status, visit.text).toBe(201);
  // A letter shared with her, for the Documents page (its file is not read here).
  const shared = await clinician.client.request('POST', 'DocumentReferences', {
    body: {
      partition: ids.patient,
      title: 'Welcome letter',
      category: { code: 'letter' },
      date: '2026-11-02',
      media: { resourceType: 'Media', id: 'welcome-letter-file' },
      contentType: 'application/pdf',
      size: 48_213,
      sharedWithPatient: true,
    },
  });
  expect(shared.status, shared.text).toBe(201);
});

/** The serious and critical violations axe finds on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: { target: string[] }) => n.target.join(' ')),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).join(', ')}`);
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('portal accessibility', () => {
  it('has no serious or critical axe violation on the portal pages of a 360-pixel phone', async () => {
    // The app's CSP (script-src 'self') refuses the injected axe script: this profile alone bypasses it.
    const page = await suite.newPage({ viewport: PHONE, hasTouch: true, isMobile: true, bypassCSP: true });
    await page.goto('/sign-in');
    await signInThroughPage(page, patient.email, TEST_PASSWORD);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.getByText(/^Next visit /).waitFor({ timeout: 20_000 });
    await page.getByText(/Adult intake due/).waitFor();
    await saveScreenshot(page, 'portal-home-phone', { keep: true });
    const found: Record<string, string[]> = { home: await violations(page) };
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/my-packets');
    await page.getByTestId('portal-packet').first().waitFor();
    found.paperwork = await violations(page);
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`/my-packets/${ids.response}`);
    await page.getByLabel('What brings you in today?').fill('Trouble sleeping');
    found.packet = await violations(page);
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/my-appointments');
    await page.getByTestId('portal-visit').first().waitFor();
    found.appointments = await violations(page);
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'portal-appointments-phone', { keep: true });

    await page.goto('/my-documents');
    await page.getByTestId('portal-document').first().waitFor();
    found.documents = await violations(page);
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);

    // The home on a desktop, for docs/portal.md.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByText(/^Next visit /).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'portal-home', { keep: true });

    expect(found).toEqual({ home: [], paperwork: [], packet: [], appointments: [], documents: [] });
  }, 180_000);
});
