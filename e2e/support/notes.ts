import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import type { TestServer, TestUser } from '../../packages/server/test/harness.ts';
import { useBrowserSuite, type BrowserSuite } from './browser-suite.ts';
import { syncStatus } from './data-layer.ts';
import { createOnServer } from './practice-setup.ts';

/** Printout text, for the browser tests that open one. */
export { pdfLines } from '../../packages/server/test/pdf-lines.ts';

/**
 * Browser-test helpers for clinical notes (packages/web/src/features/notes): the practice set-up a
 * note is written against (created through the API as the administrator), a clinician signed in
 * on a page, the editor's labelled inputs, and the printout's text.
 */

export const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

/** Creates a resource in the test practice as its administrator; answers its id. */
export const createAs = async (t: TestServer, collection: string, body: Record<string, unknown>): Promise<string> =>
  (await createOnServer(t, collection, body)).id as string;

/** The set-up every notes test starts from: a program, a clinic location and a billable service, named with `tag`. */
export interface NotesPractice {
  tag: string;
  program: string;
  location: string;
  service: string;
}

export async function createNotesPractice(t: TestServer, tag: string): Promise<NotesPractice> {
  const program = await createAs(t, 'Programs', { resourceType: 'Program', name: `Outpatient ${tag}`, active: true });
  const location = await createAs(t, 'Locations', {
    resourceType: 'Location',
    name: `Main clinic ${tag}`,
    placeOfService: { code: '11', display: 'Office' },
    active: true,
  });
  const service = await createAs(t, 'HealthcareServices', {
    resourceType: 'HealthcareService',
    name: `Psychotherapy 60 ${tag}`,
    flags: ['Billable', 'SupportsGroups'],
    active: true,
  });
  return { tag, program, location, service };
}

/** A patient with an active anxiety diagnosis and an active episode in the practice's program. */
export async function createNotePatient(t: TestServer, practice: NotesPractice, family: string, given: string): Promise<string> {
  const id = await createAs(t, 'Patients', {
    resourceType: 'Patient',
    names: [{ given: [given], family }],
    administrativeSex: 'Female',
    birthDate: '1984-06-02',
  });
  const condition = await createAs(t, 'Conditions', {
    resourceType: 'Condition',
    partition: id,
    patient: ref('Patient', id),
    verificationStatus: 'Confirmed',
    clinicalStatus: 'active',
    code: { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F41.1', display: 'Generalized anxiety disorder' },
  });
  await createAs(t, 'EpisodesOfCare', {
    resourceType: 'EpisodeOfCare',
    partition: id,
    patient: ref('Patient', id),
    status: 'active',
    period: { start: '2025-01-01' },
    programs: [{ program: ref('Program', practice.program, `Outpatient ${practice.tag}`) }],
    diagnoses: [{ condition: ref('Condition', condition), role: 'primary', rank: 1 }],
  });
  return id;
}

/** A notes browser-test file's suite: useBrowserSuite's, with a clinician and the notes practice set-up. */
export interface NotesSuite extends BrowserSuite {
  /** Four letters in the names of the file's records, so that screens can be searched for them. */
  readonly tag: string;
  /** A Non-Prescribing Clinician, who writes the file's notes. */
  readonly clinician: TestUser;
  readonly practice: NotesPractice;
}

/**
 * useBrowserSuite, and before the file's own `beforeAll` hooks (they run in the order declared) a
 * clinician and the notes practice set-up named with the suite's tag.
 */
export function useNotesSuite(): NotesSuite {
  const suite = useBrowserSuite();
  let made: { clinician: TestUser; practice: NotesPractice } | undefined;
  const tag = randomUUID().slice(0, 4).toUpperCase();
  beforeAll(async () => {
    const [clinician, practice] = await Promise.all([
      suite.t.createUser({ roles: ['Non-Prescribing Clinician'] }),
      createNotesPractice(suite.t, tag),
    ]);
    made = { clinician, practice };
  });
  const setUp = () => {
    if (!made) throw new Error('the notes suite sets up in beforeAll: use it inside a test or hook');
    return made;
  };
  return {
    get t() {
      return suite.t;
    },
    get browser() {
      return suite.browser;
    },
    newContext: suite.newContext,
    newPage: suite.newPage,
    signedIn: suite.signedIn,
    tag,
    get clinician() {
      return setUp().clinician;
    },
    get practice() {
      return setUp().practice;
    },
  };
}

/**
 * `user` signed in on `pathname` in a fresh profile of the suite, tall enough for the editor and its
 * rule panel side by side. Steps that cannot happen fail within 20 s, naming what they waited for.
 */
export async function openAs(
  suite: BrowserSuite,
  user: TestUser,
  pathname: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const page = await suite.signedIn(user, { path: pathname, context: { colorScheme, viewport: { width: 1280, height: 1100 } } });
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  page.setDefaultTimeout(20_000);
  return page;
}

/** A labelled input: a text box, or a Mantine select (a combobox). */
export const input = (scope: Page | Locator, name: string | RegExp): Locator =>
  scope
    .getByRole('combobox', { name, exact: typeof name === 'string' })
    .or(scope.getByRole('textbox', { name, exact: typeof name === 'string' }))
    .first();

/**
 * From a patient's chart: starts a note of the definition named `kind` (the one the New note dialog
 * offers first) and answers the note's id once the editor is open.
 */
export async function startNote(page: Page, kind: string): Promise<string> {
  await page.getByRole('tab', { name: 'Notes', exact: true }).click();
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  const dialog = page.getByRole('form', { name: 'New note' });
  await expect.poll(() => input(dialog, 'Kind of note').inputValue()).toBe(kind);
  await dialog.getByRole('button', { name: 'Start note' }).click();
  await page.waitForURL(/\/patients\/[^/]+\/notes\/[^/]+$/);
  return page.url().split('/').pop()!;
}

/** The note editor's sign dialog (AttestationDialog): what will be frozen, and the attestation to tick. */
export const signDialog = (page: Page): Locator => page.getByRole('form', { name: 'Sign this note' });

/**
 * Signs the note open in the editor as a clinician does: Sign, tick the attestation in the
 * dialog, then Sign note. Whether the server took it is the caller's to check.
 */
export async function attestAndSign(page: Page): Promise<void> {
  await page.getByTestId('sign-note').click();
  const dialog = signDialog(page);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Sign note' }).click();
}

/** Chooses the notes practice's clinic as the note's location, which fills its place of service (Office). */
export async function chooseClinic(page: Page, practice: NotesPractice): Promise<void> {
  await input(page, 'Location').click();
  await page.getByRole('option', { name: `Main clinic ${practice.tag}`, exact: true }).click();
  await expect.poll(() => input(page, 'Place of service').inputValue()).toBe('11 Office');
}

/** Waits until the page's write queue has sent everything and nothing was refused. */
export const synced = (page: Page) => expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('synced');
