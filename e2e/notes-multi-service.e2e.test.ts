import { beforeAll, describe, expect, it } from 'vitest';
import {
  attestAndSign,
  chooseClinic,
  createAs,
  createNotePatient,
  input,
  openAs,
  pdfLines,
  startNote,
  synced,
  useNotesSuite,
} from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * A multi-service note in Chromium against the real server (issue 7): from the patient chart a
 * clinician starts a MultiService note, adds two services each with its own service type and
 * time, watches the rule panel follow the services' times against the session, signs it, and
 * finds one encounter holding both services on the server and both on the printout.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { t, practice } = suite;
  ids.caseManagement = await createAs(t, 'HealthcareServices', {
    resourceType: 'HealthcareService',
    name: `Case management ${tag}`,
    flags: ['Billable'],
    active: true,
  });
  ids.definition = await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Combined visit ${tag}`,
    kind: 'MultiService',
    status: 'Active',
    durationMode: 'Duration',
    sections: [{ key: 'summary', title: 'Summary', kind: 'Narrative' }],
  });
  // The services' times must add up to the session's (the hour just ended, prefilled): a warning until they do.
  await createAs(t, 'NoteRules', {
    resourceType: 'NoteRule',
    name: `Services fill the session ${tag}`,
    kind: 'ServiceBasedSubformDuration',
    status: 'Active',
    severity: 'warn',
    parameters: { comparison: 'Equal' },
  });
  ids.patient = await createNotePatient(t, practice, `Multi${tag}`, 'Maya');
});

describe('multi-service notes in the browser', () => {
  it('writes one encounter with two services, each with its own type and time, and signs and prints it', async () => {
    const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}`);
    const noteId = await startNote(page, `Combined visit ${tag}`);
    await page.getByText('No services yet').waitFor();

    const services = [
      { name: `Psychotherapy 60 ${tag}`, id: suite.practice.service, start: '09:00', end: '09:40' },
      { name: `Case management ${tag}`, id: ids.caseManagement!, start: '09:40', end: '10:00' },
    ];
    for (const [i, service] of services.entries()) {
      const n = i + 1;
      await page.getByRole('button', { name: 'Add service' }).click();
      await input(page, `Service ${n}`).click();
      await page.getByRole('option', { name: service.name, exact: true }).click();
      const time = page.getByRole('group', { name: `Service ${n} time` });
      await time.getByLabel(`Service ${n} date`).fill('2026-03-02');
      await time.getByLabel('Start').fill(service.start);
      await time.getByLabel('End').fill(service.end);
      await expect.poll(() => time.getByTestId('session-length').textContent()).toBe(n === 1 ? '40m' : '20m');
      if (n === 1) {
        // One service of 40 minutes in an hour's session: the rule panel says so, live.
        const warning = page.getByTestId('rule-result').filter({ hasText: "Services: the services' times add up to 40m" });
        await warning.waitFor();
        expect(await warning.getAttribute('data-severity')).toBe('warn');
      }
    }
    // The practice requires a place of service (the default): the clinic's is filled with it.
    await chooseClinic(page, suite.practice);
    await page.getByText('Nothing to fix: every required field is filled and every rule is met.').waitFor();
    await page.getByRole('textbox', { name: 'Summary' }).click();
    await page.keyboard.type('Therapy, then help with the housing application.');
    await saveScreenshot(page, 'note-multi-service');

    await attestAndSign(page);
    await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 20_000 }).toBe('Signed');
    await synced(page);

    // The server's copy: one encounter for the note, holding both services with their own times.
    const note = (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body;
    expect(note).toMatchObject({ status: 'Final', kind: 'MultiServiceNote', composition: 'MultiService' });
    const encounters = await suite.clinician.client.request('GET', 'Encounters', { headers: { 'x-partition-key': ids.patient! } });
    expect((encounters.body as { id: string }[]).map((e) => e.id)).toEqual([note.encounter.id]);
    const encounter = (await suite.clinician.client.request('GET', `Encounters/${note.encounter.id}`)).body;
    expect(encounter.documentationType).toBe('MultiServiceNote');
    expect(encounter.services).toHaveLength(2);
    for (const [i, service] of services.entries()) {
      const stored = encounter.services[i];
      expect(stored.serviceType.id).toBe(service.id);
      const minutes = (Date.parse(stored.sessionTime.end) - Date.parse(stored.sessionTime.start)) / 60_000;
      expect(minutes).toBe(i === 0 ? 40 : 20);
    }
    expect(Date.parse(encounter.services[1].sessionTime.start)).toBe(Date.parse(encounter.services[0].sessionTime.end));

    // The printout lists both services.
    const href = (await page.getByTestId('print-note').getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    const lines = pdfLines(await pdf.body()).join('\n');
    expect(lines).toContain(services[0]!.name);
    expect(lines).toContain(services[1]!.name);
    expect(lines).toMatch(/Service 1/);
    expect(lines).toMatch(/Service 2/);
  });
});
