import { zonedClock } from '@caseload/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { BROWSER_TIME_ZONE } from './support/chromium.ts';
import { createOnServer } from './support/practice-setup.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * One time zone (docs/architecture.md): a Los Angeles practice's 8:00 AM session, read in a
 * browser whose clock is Tokyo's (where it is 1:00 AM the next day), shows as 8:00 AM PST on the
 * clinician's and the supervisor's dashboards, the note, both note lists, and beside a form's
 * answer and its response time; the session's inputs read the practice's clock. In a browser on
 * the practice's own zone the zone's name is left out.
 */

const suite = useBrowserSuite();
const ZONE = 'America/Los_Angeles';
/** Thursday 16 January 2025, 8:00 AM in Los Angeles; Friday 1:00 AM in Tokyo. */
const SESSION = '2025-01-16T16:00:00Z';
const practice = zonedClock(ZONE, { nameZone: true });
let clinician: TestUser;
let supervisor: TestUser;
let patientId: string;
let draftId: string;
let signedId: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

/** A note as the editor writes one: an encounter with its session, then the note. */
async function writeNote(title: string, start: string) {
  const encounter = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId, 'Tess Zone'),
      visitStatus: 'Show',
      participants: [{ role: 'PrimaryPerformer', individual: ref('Practitioner', clinician.profile.id) }],
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start, minutes: 45 },
    },
  });
  expect(encounter.status, encounter.text).toBe(201);
  const note = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId, 'Tess Zone'),
      kind: 'Note',
      title,
      encounter: ref('Encounter', encounter.body.id),
      encounterDate: start,
      completion: 'Complete',
      sections: [{ key: 'session-narrative', kind: 'Narrative', narrative: '<p>Worked on sleep.</p>' }],
    },
  });
  expect(note.status, note.text).toBe(201);
  return note.body as { id: string; meta: { versionId: string } };
}

beforeAll(async () => {
  const { t } = suite;
  await createOnServer(t, 'PracticePreferences', { display: 'preferences', timeZone: ZONE });
  [clinician, supervisor] = await Promise.all([t.createUser({ roles: ['Practitioner'] }), t.createUser({ roles: ['Supervisor'] })]);
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  expect(
    (
      await t.request('PUT', `Practitioners/${me.id}`, {
        body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
      })
    ).status,
  ).toBe(200);
  await createOnServer(t, 'SignatureConfigurations', {
    name: 'Supervised',
    status: 'Active',
    supervisorCoSignature: 'Always',
    patientSignature: 'None',
  });
  patientId = (await createOnServer(t, 'Patients', { names: [{ given: ['Tess'], family: 'Zone' }], birthDate: '1990-03-04' })).id;
  draftId = (await writeNote('Morning session', SESSION)).id;
  const toSign = await writeNote('Supervised session', SESSION);
  const signed = await clinician.client.request('POST', `Notes/${toSign.id}/sign`, {
    body: { versionId: toSign.meta.versionId, ...ATTESTED },
  });
  expect(signed.status, signed.text).toBe(200);
  expect(signed.body.note.pendingSignatures).toHaveLength(1);
  signedId = toSign.id;
});

const openAs = async (user: TestUser, path: string, timezoneId = BROWSER_TIME_ZONE): Promise<Page> => {
  const page = await suite.signedIn(user, { path, context: { timezoneId, viewport: { width: 1280, height: 1000 } } });
  page.setDefaultTimeout(20_000);
  return page;
};

/** The text of a locator once it contains `expected`; fails naming what it showed instead. */
async function showing(locator: Locator, expected: string): Promise<string> {
  await expect.poll(async () => (await locator.textContent()) ?? '', { timeout: 20_000 }).toContain(expected);
  return (await locator.textContent()) ?? '';
}

describe("a Los Angeles practice's session, read in a Tokyo browser", () => {
  it("the test's browser really is on another clock", async () => {
    const page = await suite.newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_TIME_ZONE);
    expect(BROWSER_TIME_ZONE).not.toBe(ZONE);
  });

  it("shows 8:00 AM PST on the clinician's dashboard, with the sign-by time on the practice's clock", async () => {
    const recent = await writeNote('Recent session', new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    const unsigned = await clinician.client.request('GET', 'Notes/unsigned?pageSize=50');
    const warnAt = (unsigned.body.items as { note: { id: string }; unsigned: { warnAt: string } }[]).find((i) => i.note.id === recent.id)!
      .unsigned.warnAt;
    const page = await openAs(clinician, '/');
    const list = page.getByRole('list', { name: 'My unsigned notes' });
    const row = await showing(list.getByRole('listitem').filter({ hasText: 'Morning session' }), 'Thu, Jan 16, 2025, 8:00 AM PST');
    expect(row).not.toContain('1:00 AM');
    await showing(list.getByRole('listitem').filter({ hasText: 'Recent session' }), `Sign by ${practice.format(warnAt, 'weekdayTime')}`);
    await saveScreenshot(page, 'practice-time-dashboard');
  });

  it("shows it on the supervisor's co-sign queue and in the co-sign dialog", async () => {
    const page = await openAs(supervisor, '/');
    const queue = page.getByRole('list', { name: 'Awaiting my co-signature' });
    await showing(queue.getByRole('listitem').filter({ hasText: 'Supervised session' }), 'Thu, Jan 16, 2025, 8:00 AM PST');
    await page.getByRole('button', { name: 'Co-sign Supervised session · Tess Zone' }).click();
    await showing(page.getByRole('form', { name: 'Co-sign this note' }), 'Thu, Jan 16, 2025, 8:00 AM PST');
  });

  it('shows it on the signed note, with its signature time on the same clock', async () => {
    const note = (await suite.t.request('GET', `Notes/${signedId}`)).body as { signatures: { signedAt: string }[] };
    const page = await openAs(supervisor, `/patients/${patientId}/notes/${signedId}`);
    await page.getByText('Jan 16, 2025, 8:00 AM – 8:45 AM PST (45m)').first().waitFor();
    await page.getByText(practice.formatDateTime(note.signatures[0]!.signedAt)).first().waitFor();
    await saveScreenshot(page, 'practice-time-signed-note');
  });

  it("shows it in the patient's note list and in My notes", async () => {
    const page = await openAs(clinician, `/patients/${patientId}`);
    await page.goto(`/patients/${patientId}?tab=notes`);
    const table = page.getByRole('table', { name: 'Notes' });
    await showing(table.getByRole('row').filter({ hasText: 'Supervised session' }), 'Jan 16, 2025, 8:00 AM PST');
    await page.goto('/notes');
    const mine = page.getByRole('table', { name: 'My notes' });
    await showing(mine.getByRole('row').filter({ hasText: 'Morning session' }), 'Jan 16, 2025, 8:00 AM PST');
  });

  it("reads the session's inputs on the practice's clock, naming its zone", async () => {
    const page = await openAs(clinician, `/patients/${patientId}/notes/${draftId}`);
    const session = page.getByRole('group', { name: 'Session time' });
    await expect.poll(() => session.getByLabel('Start').inputValue()).toBe('08:00');
    expect(await session.getByLabel('Session date').inputValue()).toBe('2025-01-16');
    await session.getByText('Times in America/Los_Angeles (PST)').waitFor();
  });

  it("shows a form's answer and its response time on the practice's clock, and reads its date-time input there", async () => {
    const form = (
      await createOnServer(suite.t, 'Forms', {
        title: 'Contact log',
        status: 'Active',
        items: [{ linkId: 'seen', type: 'DateTime', text: 'Seen at' }],
      })
    ).id;
    const created = await clinician.client.request('POST', 'QuestionnaireResponses', {
      body: {
        partition: patientId,
        completion: 'Complete',
        answers: { seen: SESSION },
        questionnaire: ref('Form', form),
        subject: ref('Patient', patientId),
      },
    });
    expect(created.status, created.text).toBe(201);
    const authored = created.body.authored as string;
    const page = await openAs(clinician, `/patients/${patientId}`);
    await page.getByRole('tab', { name: 'Forms and assessments' }).click();
    await showing(page.getByTestId('response-row').filter({ hasText: 'Contact log' }), practice.formatDateTime(authored));

    await page.goto(`/forms/responses/${patientId}/${created.body.id}`);
    await showing(page.getByTestId('questionnaire-readonly'), 'Jan 16, 2025, 8:00 AM PST');
    await page.getByRole('button', { name: 'Edit answers' }).click();
    const seen = page.getByRole('textbox', { name: 'Seen at' }).or(page.getByLabel('Seen at')).first();
    // (Chromium leaves out zero seconds.)
    await expect.poll(() => seen.inputValue()).toBe('2025-01-16T08:00');
    await page.getByText('Time in America/Los_Angeles (PST)').waitFor();
    // Typed on the practice's clock: 9:30 AM in Los Angeles is 17:30 UTC.
    await seen.fill('2025-01-16T09:30');
    await expect
      .poll(async () => (await clinician.client.request('GET', `QuestionnaireResponses/${created.body.id}`)).body.answers?.seen, {
        timeout: 20_000,
      })
      .toBe('2025-01-16T17:30:00Z');
  });

  it("leaves the zone's name out for a browser on the practice's own clock", async () => {
    const page = await openAs(clinician, '/', ZONE);
    const row = await showing(
      page.getByRole('list', { name: 'My unsigned notes' }).getByRole('listitem').filter({ hasText: 'Morning session' }),
      'Thu, Jan 16, 2025, 8:00 AM',
    );
    expect(row).not.toContain('PST');
  });
});
