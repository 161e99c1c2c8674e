import { promptVersionFor, SCRIBE_MESSAGES } from '@caseload/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The "Note formats" section of the scribe settings (issue 22) in Chromium against the real
 * server: an administrator switches SIRP off, moves BIRP's Plan to the top from the keyboard
 * alone (dnd-kit's keyboard sensor on the section's handle), writes BIRP instructions and saves;
 * the server holds exactly that, a draft of BIRP then comes out in the new order, and SIRP is refused.
 */

const suite = useBrowserSuite();
let administrator: TestUser;
let clinician: TestUser;
let patient: string;

const INSTRUCTIONS = 'Name the therapeutic modality used, and the date of the next session in Plan.';
const NEW_ORDER = ['plan', 'behavior', 'intervention', 'response'];
const SOON = { timeout: 20_000 };

const TRANSCRIPT = [
  'Therapist: Hi Jordan, come on in.',
  "Client: This week was rough, I had two panic attacks at work and I couldn't sleep.",
  "Therapist: Let's practise the box breathing exercise together for a few minutes.",
  'Client: That helped, I feel calmer now.',
  'Therapist: For homework, keep a panic log this week and we will review it next session.',
].join('\n');

beforeAll(async () => {
  [administrator, clinician] = await Promise.all([
    suite.t.createUser({ roles: ['Administrative'] }),
    suite.t.createUser({ roles: ['Non-Prescribing Clinician'] }),
  ]);
  const p = await suite.t.request('POST', 'Patients', {
    body: { names: [{ given: ['Jordan'], family: 'Formats' }], birthDate: '1990-01-02' },
  });
  expect(p.status, p.text).toBe(201);
  patient = p.body.id;
});

const sectionOrder = (page: Page, format: string) =>
  page
    .getByRole('list', { name: `${format} sections in order` })
    .locator('[data-section]')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.section));

/** A scribe session of the clinician with the transcript imported, through the API. */
async function importedSession(format: string): Promise<string> {
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patient,
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: `${new Date().toISOString().slice(0, 10)}T13:00:00Z`, minutes: 50 },
    },
  });
  expect(e.status, e.text).toBe(201);
  const s = await clinician.client.request('POST', 'Notes/scribe-sessions', {
    body: { partition: patient, encounter: { resourceType: 'Encounter', id: e.body.id }, format },
  });
  expect(s.status, s.text).toBe(201);
  const imported = await clinician.client.request('POST', `Notes/${s.body.id}/scribe/transcript`, {
    body: { format: 'text', text: TRANSCRIPT },
  });
  expect(imported.status, imported.text).toBe(200);
  return s.body.id as string;
}

describe('note formats', () => {
  it('an administrator switches a format off, reorders BIRP from the keyboard, adds instructions and saves; drafts follow', async () => {
    const page = await suite.signedIn(administrator, { path: '/administration/scribe' });
    await page.getByRole('heading', { name: 'Note formats', level: 3 }).waitFor(SOON);
    expect(await sectionOrder(page, 'BIRP')).toEqual(['behavior', 'intervention', 'response', 'plan']);

    // SIRP off, from the keyboard.
    const sirp = page.getByRole('switch', { name: 'Offer SIRP' });
    await sirp.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => sirp.isChecked()).toBe(false);
    await page.getByRole('list', { name: 'SIRP sections in order' }).waitFor({ state: 'detached' });

    // BIRP's Plan lifted with Space on its handle, moved up three places with the arrow keys, dropped with Space.
    await page.getByRole('button', { name: 'Drag Plan in BIRP' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) {
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowUp');
    }
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    await expect.poll(() => sectionOrder(page, 'BIRP'), SOON).toEqual(NEW_ORDER);
    // The up and down buttons move a section too (down, then back up).
    await page.getByRole('button', { name: 'Move Behavior down in BIRP' }).click();
    expect(await sectionOrder(page, 'BIRP')).toEqual(['plan', 'intervention', 'behavior', 'response']);
    await page.getByRole('button', { name: 'Move Behavior up in BIRP' }).click();
    expect(await sectionOrder(page, 'BIRP')).toEqual(NEW_ORDER);

    // The instructions change the prompt version a chat draft will record.
    const version = page.getByTestId('prompt-version-BIRP');
    expect(await version.textContent()).toContain(promptVersionFor('BIRP'));
    await page.getByRole('textbox', { name: 'Extra instructions for BIRP' }).fill(INSTRUCTIONS);
    await expect.poll(() => version.textContent()).toContain(promptVersionFor('BIRP', INSTRUCTIONS));

    await page.getByRole('button', { name: 'Save note formats' }).click();
    await page.getByText('Note formats saved.').waitFor(SOON);
    await expect
      .poll(async () => (await suite.t.request('GET', 'PracticePreferences')).body[0]?.scribeFormatConfigurations, SOON)
      .toEqual(
        expect.arrayContaining([
          { format: 'SIRP', enabled: false, sectionOrder: ['situation', 'intervention', 'response', 'plan'] },
          { format: 'BIRP', enabled: true, sectionOrder: NEW_ORDER, instructions: INSTRUCTIONS },
        ]),
      );

    // What was saved is what the screen shows again.
    await page.reload();
    await page.getByRole('heading', { name: 'Note formats', level: 3 }).waitFor(SOON);
    await expect.poll(() => sectionOrder(page, 'BIRP'), SOON).toEqual(NEW_ORDER);
    expect(await page.getByRole('textbox', { name: 'Extra instructions for BIRP' }).inputValue()).toBe(INSTRUCTIONS);
    expect(await page.getByRole('switch', { name: 'Offer SIRP' }).isChecked()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.getByRole('heading', { name: 'Note formats', level: 3 }).evaluate((h) => {
      h.scrollIntoView({ block: 'start' });
      // Below the shell's sticky header.
      window.scrollBy(0, -90);
    });
    await page.getByRole('textbox', { name: 'Extra instructions for BIRP' }).focus();
    await saveScreenshot(page, 'scribe-formats', { keep: true });

    // A BIRP draft (built-in generator) comes out in the new order; SIRP is not offered.
    const birp = await importedSession('BIRP');
    const drafted = await clinician.client.request('POST', `Notes/${birp}/scribe/generate`, { body: { generator: 'builtin' } });
    expect(drafted.status, drafted.text).toBe(201);
    expect(drafted.body.note.sections.map((s: { key: string }) => s.key)).toEqual(NEW_ORDER);
    const other = await importedSession('BIRP');
    const refused = await clinician.client.request('POST', `Notes/${other}/scribe/generate`, { body: { format: 'SIRP' } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.issues[0].message).toBe(SCRIBE_MESSAGES.formatNotOffered('SIRP'));
  });
});
