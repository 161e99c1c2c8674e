import fs from 'node:fs/promises';
import { AUDIT_EVENT_TYPES, type Resource } from '@caseload/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The audit trail screen (docs/audit-trail.md) in Chromium against the real server: the practice's
 * administrator finds it in the navigation, narrows it to one patient and a month, opens an event,
 * and exports the same as CSV; a chart and a staff profile lead into it; a role without the
 * permission is offered none of it. Screenshots at desktop and phone widths.
 */

const suite = useBrowserSuite();
const ZONE = 'America/Chicago';
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
};

let officer: TestUser;
let clinician: TestUser;
let practitioner: TestUser;
let ada: Resource;
let grace: Resource;

beforeAll(async () => {
  const { t } = suite;
  [officer, clinician, practitioner] = await Promise.all([
    t.createUser({ roles: ['Administrative'] }),
    t.createUser({ roles: ['Non-Prescribing Clinician'] }),
    t.createUser({ roles: ['Practitioner'] }),
  ]);
  expect((await t.request('POST', 'PracticePreferences', { body: { timeZone: ZONE } })).status).toBe(201);
  ada = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Ada'], family: 'Lovelace' }] } })).body;
  grace = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Grace'], family: 'Hopper' }] } })).body;
  expect((await clinician.client.request('GET', `Patients/${ada.id}`)).status).toBe(200);
  expect((await clinician.client.request('GET', `Patients/${grace.id}`)).status).toBe(200);
  // Earlier months of the trail, written by the server's own audit writer as a read's would be: a
  // refused read of one of Ada's notes in January, a read of her chart in February, and Grace's.
  const event = (recorded: string, patientId: string, outcome: 'Success' | 'Failure', entity: { resourceType: string; id: string }) =>
    t.server.app.audit.record({
      practiceId: t.practiceId,
      event: {
        type: AUDIT_EVENT_TYPES.patientRecord,
        action: 'R',
        outcome,
        recorded,
        description: outcome === 'Failure' ? 'Out of reach: not on the care team.' : undefined,
        agent: { who: clinician.profile, accountId: clinician.accountId, address: '203.0.113.7' },
        entity,
        patient: { resourceType: 'Patient', id: patientId },
        requestId: `req-${recorded.slice(0, 10)}`,
      },
    });
  await event('2026-01-15T16:30:00.000Z', ada.id, 'Failure', { resourceType: 'Note', id: 'note-january' });
  await event('2026-02-10T15:00:00.000Z', ada.id, 'Success', { resourceType: 'Patient', id: ada.id });
  await event('2026-01-20T15:00:00.000Z', grace.id, 'Success', { resourceType: 'Patient', id: grace.id });
});

const results = (page: Page) => page.getByTestId('audit-trail-results');
const rows = (page: Page) => page.getByTestId('audit-event-row');

/** Waits until the list answers the current filters. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => results(page).getAttribute('aria-busy')).toBe('false');
}

/** Runs `steps`; on failure, keeps what the page looked like (e2e/screenshots/audit-trail-failed-*.png). */
async function showingFailure(page: Page, name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    await saveScreenshot(page, `audit-trail-failed-${name}`);
    throw error;
  }
}

const patientBox = (page: Page) => page.getByTestId('audit-patient-filter');

async function pickPatient(page: Page, family: string, option: RegExp): Promise<void> {
  await patientBox(page).fill(family);
  await page.getByRole('option', { name: option }).click();
}

describe('the audit trail screen', () => {
  it('filters by a patient and a month, opens an event, and exports the same as CSV', async () => {
    const page = await suite.signedIn(officer);
    await showingFailure(page, 'filters', async () => {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit trail' }).click();
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
      await settled(page);
      expect(await rows(page).count()).toBeGreaterThan(3);
      await page.getByText(`Times are the practice's (${ZONE})`).waitFor();

      await pickPatient(page, 'Lovelace', /^Lovelace, Ada/);
      await page.getByLabel('From', { exact: true }).fill('2026-01-01');
      await page.getByLabel('To', { exact: true }).fill('2026-01-31');
      await expect.poll(() => new URL(page.url()).search).toBe(`?patient=${ada.id}&from=2026-01-01&to=2026-01-31`);
      await settled(page);
      await expect.poll(() => rows(page).count()).toBe(1);
      const row = rows(page).first();
      expect(await row.getByTestId('audit-event-summary').textContent()).toBe('Tried to read a note');
      // 16:30 UTC in January is 10:30 in Chicago (CST).
      await row.getByText('Jan 15, 2026').waitFor();
      await row.getByText('10:30:00 AM CST').waitFor();
      await row.getByText('Failure').waitFor();
      await saveScreenshot(page, 'audit-trail-filtered-desktop');

      await row.click();
      const drawer = page.getByRole('dialog', { name: 'Audit event' });
      await drawer.getByRole('heading', { name: 'Tried to read a note' }).waitFor();
      await drawer.getByText('Out of reach: not on the care team.').waitFor();
      await drawer.getByText(`Lovelace, Ada · MRN ${ada.mrn}`).waitFor();
      await drawer
        .getByText(/^Non-Prescribing Clinician /)
        .first()
        .waitFor();
      await drawer.getByText('203.0.113.7').waitFor();
      await drawer.getByText('req-2026-01-15').waitFor();
      await saveScreenshot(page, 'audit-trail-event-desktop');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // The export: "preparing" while the server has sent nothing yet, then the file the list shows.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/AuditEvents/export', async (route) => {
        await held;
        await route.continue();
      });
      const download = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      await expect.poll(() => page.getByTestId('audit-export-status').textContent()).toBe('Preparing the export…');
      release();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^audit-trail-${suite.t.practiceId}-\\d{8}-\\d{6}\\.csv$`));
      const csv = await fs.readFile((await file.path())!, 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(`"Recorded (${ZONE})"`);
      expect(lines[1]).toContain('"2026-01-15 10:30:00","2026-01-15T16:30:00.000Z","Tried to read a note"');
      expect(lines[1]).toContain('"Lovelace, Ada"');
      await expect.poll(() => page.getByTestId('audit-export-status').textContent()).toMatch(/^Saved audit-trail-.*\.csv \(1 KB\)$/);
    });
  });

  it('is reached from a chart and a staff profile, filtered to them, and moves through events by keyboard', async () => {
    const page = await suite.signedIn(officer, { path: `/patients/${ada.id}` });
    await showingFailure(page, 'links', async () => {
      await page.getByRole('link', { name: 'Access log' }).waitFor();
      await saveScreenshot(page, 'audit-trail-chart-link');
      await page.getByRole('link', { name: 'Access log' }).click();
      await page.waitForURL((url) => url.pathname === '/audit-trail' && url.searchParams.get('patient') === ada.id);
      await settled(page);
      await expect.poll(() => patientBox(page).inputValue()).toMatch(/^Lovelace, Ada/);
      expect(await rows(page).count()).toBeGreaterThanOrEqual(3);

      const first = rows(page).first();
      await first.focus();
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() =>
          rows(page)
            .nth(1)
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Audit event' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`/staff/${clinician.profile.id}`);
      await page.getByRole('link', { name: 'Activity in the audit trail' }).waitFor();
      await saveScreenshot(page, 'audit-trail-staff-link');
      await page.getByRole('link', { name: 'Activity in the audit trail' }).click();
      await page.waitForURL((url) => url.pathname === '/audit-trail' && url.searchParams.get('user') === clinician.profile.id);
      await settled(page);
      const summaries = await page.getByTestId('audit-event-summary').allTextContents();
      expect(summaries).toEqual(expect.arrayContaining(['Read a patient record', 'Tried to read a note']));
    });
  });

  it('looks right on a phone: the events first, the filters folded, the event full-screen', async () => {
    // The phone's shell keeps the e-mail in its menu, so this signs in without signedIn's check of it.
    const page = await suite.newPage(PHONE);
    await showingFailure(page, 'phone', async () => {
      await page.goto(`/sign-in?next=${encodeURIComponent('/audit-trail')}`);
      await signInThroughPage(page, officer.email, TEST_PASSWORD);
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
      await settled(page);
      await page.getByRole('button', { name: 'Filters' }).waitFor();
      await saveScreenshot(page, 'audit-trail-phone');
      await page.getByRole('button', { name: 'Filters' }).click();
      await pickPatient(page, 'Hopper', /^Hopper, Grace/);
      await settled(page);
      await page.getByRole('button', { name: 'Filters · 1 set' }).waitFor();
      await saveScreenshot(page, 'audit-trail-phone-filters');
      await rows(page).first().click();
      await page.getByRole('dialog', { name: 'Audit event' }).waitFor();
      await saveScreenshot(page, 'audit-trail-phone-event');
    });
  });

  it('offers a role without the audit permission no way in, and reads nothing when it goes there', async () => {
    const page = await suite.signedIn(practitioner, { path: `/patients/${ada.id}` });
    const auditCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/AuditEvents') && auditCalls.push(r.url()));
    await page.getByTestId('chart-header').waitFor();
    expect(await page.getByRole('link', { name: 'Access log' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
    await page.goto('/audit-trail');
    await page.getByText('Reading the audit trail needs the View audit log permission.', { exact: false }).waitFor();
    expect(auditCalls).toEqual([]);
  });
});
