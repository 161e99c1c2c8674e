import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';

/**
 * "My notes" at /notes in Chromium against the real server: the signed-in clinician sees the notes
 * they wrote across patients (not a colleague's), filters them by status and opens one.
 */
let t: TestServer;
let browser: Browser;
let clinician: TestUser;
let colleague: TestUser;
const contexts: BrowserContext[] = [];
const tag = randomUUID().slice(0, 4).toUpperCase();
const notes: Record<'draft' | 'signed' | 'theirs', { id: string; patient: string }> = {} as never;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

async function createPatient(family: string): Promise<string> {
  const created = await t.request('POST', t.practiceUrl('Patients'), {
    body: { names: [{ given: ['Mia'], family }], birthDate: '1990-01-15' },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

/** A note written by `author` through the API, as the editor would: its encounter, then the note. */
async function writeNote(author: TestUser, patient: string, title: string, start: string) {
  const encounter = await author.client.request('POST', 'Encounters', {
    body: {
      partition: patient,
      subject: ref('Patient', patient),
      participants: [{ role: 'PrimaryPerformer', individual: author.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start, minutes: 50 },
    },
  });
  expect(encounter.status, encounter.text).toBe(201);
  const note = await author.client.request('POST', 'Notes', {
    body: {
      partition: patient,
      kind: 'Note',
      title,
      encounter: ref('Encounter', encounter.body.id),
      encounterDate: start,
      completion: 'Complete',
      sections: [{ key: 'narrative', title: 'Narrative', kind: 'Narrative', narrative: '<p>Reviewed the week.</p>' }],
    },
  });
  expect(note.status, note.text).toBe(201);
  return note.body as { id: string; meta: { versionId: string } };
}

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  colleague = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const [first, second] = [await createPatient(`Mine${tag}`), await createPatient(`Also${tag}`)];
  const draft = await writeNote(clinician, first, `Draft ${tag}`, '2026-03-03T15:00:00Z');
  const signed = await writeNote(clinician, second, `Signed ${tag}`, '2026-03-02T15:00:00Z');
  const sign = await clinician.client.request('POST', `Notes/${signed.id}/sign`, {
    body: { versionId: signed.meta.versionId, ...ATTESTED },
  });
  expect(sign.status, sign.text).toBe(200);
  const theirs = await writeNote(colleague, first, `Colleague ${tag}`, '2026-03-04T15:00:00Z');
  Object.assign(notes, {
    draft: { id: draft.id, patient: first },
    signed: { id: signed.id, patient: second },
    theirs: { id: theirs.id, patient: first },
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function signedIn(pathname: string): Promise<Page> {
  const context = await newContext(browser, t.url, { viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await page.goto(`/sign-in?next=${encodeURIComponent(pathname)}`);
  await signInThroughPage(page, clinician.email, TEST_PASSWORD);
  await expectSignedInAs(page, clinician.email);
  page.setDefaultTimeout(20_000);
  return page;
}

/** Chooses a status in the Status filter (a Mantine select). */
async function pickStatus(page: Page, status: string) {
  await page
    .getByRole('textbox', { name: 'Status', exact: true })
    .or(page.getByRole('combobox', { name: 'Status', exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

const rowTitles = async (page: Page) => (await page.getByTestId('my-note-row').getByRole('link').allTextContents()).sort();

describe('My notes', () => {
  it("lists only the clinician's notes across patients, filters by status and opens one", async () => {
    const page = await signedIn('/notes');
    await page.getByRole('heading', { name: 'My notes' }).waitFor();
    await expect.poll(() => rowTitles(page)).toEqual([`Draft ${tag}`, `Signed ${tag}`]);
    // Newest session first, each with its patient's name.
    await expect.poll(() => page.getByTestId('my-note-row').first().textContent()).toContain(`Mine${tag}, Mia`);
    await expect.poll(() => page.getByTestId('my-note-row').nth(1).textContent()).toContain(`Also${tag}, Mia`);
    await saveScreenshot(page, 'my-notes-light', { keep: true });

    await pickStatus(page, 'Signed');
    await expect.poll(() => rowTitles(page)).toEqual([`Signed ${tag}`]);
    await pickStatus(page, 'Entered in error');
    await page.getByRole('heading', { name: 'No notes match' }).waitFor();
    await pickStatus(page, 'Unsigned');
    await expect.poll(() => rowTitles(page)).toEqual([`Draft ${tag}`]);

    // Keyboard: the row's link takes focus and Enter opens the note editor.
    const link = page.getByRole('link', { name: `Draft ${tag}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/patients/${notes.draft.patient}/notes/${notes.draft.id}`);
  });
});
