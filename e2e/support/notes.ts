import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer, TestUser } from '../../packages/server/test/harness.ts';
import type { BrowserSuite } from './browser-suite.ts';
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
  const location = await createAs(t, 'Locations', { resourceType: 'Location', name: `Main clinic ${tag}`, placeOfService: { code: '11', display: 'Office' }, active: true });
  const service = await createAs(t, 'HealthcareServices', { resourceType: 'HealthcareService', name: `Psychotherapy 60 ${tag}`, flags: ['Billable', 'SupportsGroups'], active: true });
  return { tag, program, location, service };
}

/** A patient with an active anxiety diagnosis and an active episode in the practice's program. */
export async function createNotePatient(t: TestServer, practice: NotesPractice, family: string, given: string): Promise<string> {
  const id = await createAs(t, 'Patients', { resourceType: 'Patient', names: [{ given: [given], family }], administrativeSex: 'Female', birthDate: '1984-06-02' });
  const condition = await createAs(t, 'Conditions', {
    resourceType: 'Condition', partition: id, patient: ref('Patient', id), verificationStatus: 'Confirmed', clinicalStatus: 'active',
    code: { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F41.1', display: 'Generalized anxiety disorder' },
  });
  await createAs(t, 'EpisodesOfCare', {
    resourceType: 'EpisodeOfCare', partition: id, patient: ref('Patient', id), status: 'active', period: { start: '2025-01-01' },
    programs: [{ program: ref('Program', practice.program, `Outpatient ${practice.tag}`) }],
    diagnoses: [{ condition: ref('Condition', condition), role: 'primary', rank: 1 }],
  });
  return id;
}

/**
 * `user` signed in on `pathname` in a fresh profile of the suite, tall enough for the editor and its
 * rule panel side by side. Steps that cannot happen fail within 20 s, naming what they waited for.
 */
export async function openAs(suite: BrowserSuite, user: TestUser, pathname: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await suite.signedIn(user, { path: pathname, context: { colorScheme, viewport: { width: 1280, height: 1100 } } });
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  page.setDefaultTimeout(20_000);
  return page;
}

/** A labelled input: a text box, or a Mantine select (a combobox). */
export const input = (scope: Page | Locator, name: string | RegExp): Locator =>
  scope.getByRole('combobox', { name, exact: typeof name === 'string' }).or(scope.getByRole('textbox', { name, exact: typeof name === 'string' })).first();

/** Waits until the page's write queue has sent everything and nothing was refused. */
export const synced = (page: Page) => expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('synced');

