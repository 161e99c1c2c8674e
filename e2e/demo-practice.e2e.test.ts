import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PRACTICE, createDemoPractice, demoSignIns } from '../packages/server/src/demo/demo-practice.ts';
import type { SeededPractice } from '../packages/server/src/demo/demo-population.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { chooseOption, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The demo practice (docs/demo.md) as its sign-ins find it in Chromium, at its 1,000 patients: the
 * portal patient finds forms to fill in and those she sent, the clinician's dashboard lists their
 * unsigned notes, a patient's chart has notes and PHQ-9/GAD-7 trends, a note starts from a
 * published definition and a template, the supervisor co-signs from the queue, and the internal
 * administrator sees the practice's notes at a glance. Run with CASELOAD_UPDATE_SCREENSHOTS=true to
 * refresh the demo's screenshots in docs/screenshots/.
 */

const suite = useBrowserSuite();
let demo: SeededPractice;

beforeAll(async () => {
  const { app } = suite.t.server;
  demo = await createDemoPractice(app.db, app.audit, app.practices, app.content, { patients: 1_000 });
});

const emailOf = (role: string) => demoSignIns().find((s) => s.role === role)!.email;

/**
 * A demo sign-in on `path` (in the suite's browser zone, not the practice's: its times must name
 * the practice's zone), once the header names the staff member signed in.
 */
async function openAs(role: string, path = '/'): Promise<Page> {
  const page = await suite.signedIn(emailOf(role), {
    password: DEMO_PASSWORD,
    path,
    context: { viewport: { width: 1280, height: 900 } },
  });
  page.setDefaultTimeout(20_000);
  const member = demo.staff.find((s) => s.signIn && s.role === role);
  if (member) await page.getByRole('button', { name: `Account: ${member.practitioner.display}` }).waitFor();
  return page;
}

/** The Practitioner sign-in's patient with the most PHQ-9 answers, the largest change first. */
async function measuredPatient(): Promise<string> {
  const me = demo.staff.find((s) => s.signIn && s.role === 'Practitioner')!.practitioner.id;
  const r = await suite.t.server.app.db.pool.query<{ partition: string }>(
    `SELECT r.partition FROM r_questionnaire_response r JOIN r_patient p ON p.practice_id = r.practice_id AND p.id = r.partition
     WHERE r.practice_id = $1 AND r.body->'questionnaire'->>'id' = 'phq-9' AND p.body->'careTeam'->0->'member'->>'id' = $2
     GROUP BY r.partition
     ORDER BY count(*) DESC, max((r.body->'score'->>'total')::int) - min((r.body->'score'->>'total')::int) DESC, r.partition
     LIMIT 1`,
    [DEMO_PRACTICE, me],
  );
  return r.rows[0]!.partition;
}

describe('the demo practice in the browser', () => {
  it(
    'shows the portal patient, on her phone, the forms to fill in ' + 'before her visit and those she sent, with no refused request',
    async () => {
      const page = await suite.newPage({ viewport: { width: 390, height: 844 }, timezoneId: demo.setup.timeZone });
      page.setDefaultTimeout(20_000);
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(`${r.request().method()} ${r.url()}`);
      });
      await page.goto(`/sign-in?next=${encodeURIComponent('/my-forms')}`);
      await signInThroughPage(page, emailOf('Patient (portal)'), DEMO_PASSWORD);
      await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
      const toFill = page.getByRole('region', { name: 'To fill in' }).getByTestId('portal-form');
      await expect.poll(() => toFill.count()).toBe(3);
      expect(await page.getByRole('region', { name: 'Sent to your care team' }).getByTestId('portal-form').count()).toBe(3);
      await saveScreenshot(page, 'demo-portal-forms', { keep: true });
      await toFill.filter({ hasText: 'Before your visit' }).click();
      await page.getByRole('heading', { name: 'Before your visit', level: 1 }).waitFor();
      await saveScreenshot(page, 'demo-portal-before-your-visit');
      expect(refused).toEqual([]);
    },
  );

  it("shows the clinician their unsigned notes, and a patient's notes and score trends", async () => {
    const page = await openAs('Practitioner');
    const unsigned = page.getByRole('list', { name: 'My unsigned notes' });
    await unsigned.getByRole('listitem').first().waitFor();
    await saveScreenshot(page, 'demo-clinician-dashboard', { keep: true });

    const patient = await measuredPatient();
    await page.goto(`/patients/${patient}?tab=notes`);
    await page.getByRole('link', { name: 'Individual progress note' }).first().waitFor();
    expect(await page.getByRole('link', { name: /progress note|Intake assessment|Group therapy note/ }).count()).toBeGreaterThan(2);
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    await page.getByText('PHQ-9 trend').waitFor();
    await page.getByText('GAD-7 trend').waitFor();
    expect(await page.getByTestId('response-row').count()).toBeGreaterThanOrEqual(6);
    await saveScreenshot(page, 'demo-patient-assessments', { keep: true });
  });

  it('starts a progress note from a published definition and one of its templates', async () => {
    const patient = await measuredPatient();
    const page = await openAs('Practitioner', `/patients/${patient}`);
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    await page.getByRole('button', { name: 'New note', exact: true }).click();
    const dialog = page.getByRole('form', { name: 'New note' });
    await chooseOption(page, dialog, 'Kind of note', 'Individual progress note');
    await chooseOption(page, dialog, 'Template', 'Routine follow-up (mental status within normal limits)');
    await saveScreenshot(page, 'demo-new-note');
    await dialog.getByRole('button', { name: 'Start note' }).click();
    await page.waitForURL(/\/patients\/[^/]+\/notes\/[^/]+$/);
    await page.getByRole('heading', { name: 'Individual progress note' }).first().waitFor();
    await page.getByText('Continue individual therapy as scheduled.').waitFor();
    await saveScreenshot(page, 'demo-note-editor');
  });

  it("shows the clinician a demo intake packet the patient signed with her finger, the signature's image in the review", async () => {
    const r = await suite.t.server.app.db.pool.query<{ id: string; partition: string }>(
      `SELECT id, partition FROM r_packet_response WHERE practice_id = $1 AND body->>'status' = 'Submitted'`,
      [DEMO_PRACTICE],
    );
    expect(r.rows).toHaveLength(1);
    const { id, partition } = r.rows[0]!;
    const page = await openAs('Case Management', `/patients/${partition}/packets/${id}`);
    await page.getByRole('heading', { name: 'Adult intake', level: 1 }).waitFor();
    const image = page.getByTestId('signature-image');
    await image.scrollIntoViewIfNeeded();
    // The stored PNG, downloaded and drawn: not a broken image.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('alt')).toMatch(/^Signature of /);
    await page.getByText('Consent to treatment').last().scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'portal-demo-signed-packet', { keep: true });
  });

  it("gives the supervisor the unlicensed staff's notes to co-sign", async () => {
    const page = await openAs('Supervisor');
    const queue = page.getByRole('list', { name: 'Awaiting my co-signature' });
    await queue.getByRole('listitem').first().waitFor();
    const before = await queue.getByRole('listitem').count();
    await saveScreenshot(page, 'demo-co-sign-queue', { keep: true });
    await queue
      .getByRole('button', { name: /^Co-sign / })
      .first()
      .click();
    // Co-signing asks for the co-signer's attestation first (CoSignDialog).
    const dialog = page.getByRole('form', { name: 'Co-sign this note' });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Co-sign note' }).click();
    await expect.poll(() => queue.getByRole('listitem').count(), { timeout: 20_000 }).toBe(before - 1);
  });

  it("shows the internal administrator the demo practice's notes at a glance", async () => {
    const page = await openAs('Internal administrator (SysAdmin)');
    // The practice is offered by its name, not its id.
    const practiceName = demo.setup.organization.name;
    if ((await page.getByTestId('current-practice').textContent()) !== practiceName) {
      await page.getByRole('button', { name: /Switch practice/ }).click();
      await page.getByRole('menuitem', { name: new RegExp(`^${practiceName}`) }).click();
    }
    expect(await page.getByTestId('current-practice').textContent()).toBe(practiceName);
    const overview = page.getByRole('region', { name: 'Notes in this practice' });
    // Read again for the practice switched to (the counts of the one opened first show until then).
    const count = async (key: string) =>
      Number((await overview.getByTestId(`practice-notes-${key}`).textContent({ timeout: 20_000 }))?.replace(/\D/g, ''));
    await expect.poll(() => count('awaitingCoSignature')).toBeGreaterThan(0);
    expect(await count('unsigned')).toBeGreaterThan(0);
    expect(await count('signedThisWeek')).toBeGreaterThan(50);
    await saveScreenshot(page, 'demo-internal-administrator', { keep: true });
  });
});
