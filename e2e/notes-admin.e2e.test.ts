import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createOnServer, onServer as onServerOf } from './support/practice-setup.ts';
import { chooseOption, saveScreenshot } from './support/web-app.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';

/**
 * Note configuration and the dashboard's note lists (issue 7) in Chromium against the real server:
 * an administrator sets up a note definition (a narrative and a form section), a template for it,
 * an active Session duration rule and a signature configuration asking a supervisor to co-sign
 * for unlicensed staff, each checked on the server. Then, with notes seeded through the API as an
 * unlicensed clinician would write and sign them, the supervisor co-signs one from the dashboard
 * and it leaves the list, and the clinician's unsigned list flags an old session as overdue.
 */

const suite = useBrowserSuite();
let administrator: TestUser;
let clinician: TestUser;
let supervisor: TestUser;
let formId: string;
let patientId: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
/** The co-signer's attestation the administrator words on the signature configuration. */
const CO_SIGNER_WORDING = 'I attest that I supervised this session and reviewed this note.';

beforeAll(async () => {
  const { t } = suite;
  administrator = await t.createUser({ roles: ['Administrative'] });
  [clinician, supervisor] = await Promise.all([t.createUser({ roles: ['Practitioner'] }), t.createUser({ roles: ['Supervisor'] })]);
  formId = (
    await createOnServer(t, 'Forms', {
      title: 'Mental status exam',
      status: 'Active',
      items: [{ linkId: 'mood', type: 'String', text: 'Mood' }],
    })
  ).id;
  patientId = (await createOnServer(t, 'Patients', { names: [{ given: ['Ada'], family: 'Lovelace' }], birthDate: '1990-03-04' })).id;
  // The clinician has no licence on record and is supervised: the configuration asks for a co-signature.
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  const updated = await t.request('PUT', `Practitioners/${me.id}`, {
    body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
  });
  expect(updated.status).toBe(200);
});

const signedIn = (user: TestUser, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  suite.signedIn(user, { path, context: { colorScheme } });
const onServer = (collection: string) => onServerOf(suite.t, collection);

/** A note written by the clinician as the editor would: an encounter with its session, then the note. */
async function writeNote(title: string, start: string, minutes: number) {
  const encounter = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId, 'Ada Lovelace'),
      visitStatus: 'Show',
      participants: [{ role: 'PrimaryPerformer', individual: ref('Practitioner', clinician.profile.id) }],
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start, minutes },
    },
  });
  expect(encounter.status).toBe(201);
  const note = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId, 'Ada Lovelace'),
      kind: 'Note',
      title,
      encounter: ref('Encounter', encounter.body.id),
      encounterDate: start,
      completion: 'Complete',
      sections: [{ key: 'session-narrative', kind: 'Narrative', narrative: '<p>Worked on sleep.</p>' }],
    },
  });
  expect(note.status).toBe(201);
  return note.body;
}

describe('an administrator configures notes', () => {
  it('creates a note definition with a narrative and a form section', async () => {
    const page = await signedIn(administrator, '/administration/note-definitions');
    await page.getByRole('heading', { name: 'Note definitions', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'New note definition' }).click();
    const dialog = page.getByRole('dialog', { name: 'New note definition' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is a required field').waitFor();
    await dialog.getByLabel(/^Name/).fill('Individual progress note');
    await dialog.getByRole('button', { name: 'Add a section' }).click();
    const second = dialog.getByRole('region', { name: 'Section 2' });
    await second.getByLabel('Section title').fill('Mental status');
    await chooseOption(page, second, 'Section kind', 'Form');
    // A Form section needs its form: refused until one is picked.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await second.getByText('Form is a required field').waitFor();
    await chooseOption(page, second, 'Form or questionnaire', 'Mental status exam · Form');
    await saveScreenshot(page, 'notes-admin-definition');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Note definitions' })
      .getByRole('cell', { name: 'Individual progress note', exact: true })
      .waitFor();
    const [definition] = await onServer('NoteDefinitions');
    expect(definition).toMatchObject({
      name: 'Individual progress note',
      kind: 'Individual',
      noteKind: 'Note',
      status: 'Draft',
      sections: [
        { key: 'session-narrative', title: 'Session narrative', kind: 'Narrative' },
        {
          key: 'mental-status',
          title: 'Mental status',
          kind: 'Form',
          form: { resourceType: 'Form', id: formId },
          elements: [{ key: 'mental-status.SessionTime', type: 'SessionTime' }],
        },
      ],
    });
    await page.getByRole('button', { name: 'Publish Individual progress note' }).click();
    await expect.poll(async () => (await onServer('NoteDefinitions'))[0]?.status).toBe('Active');
  });

  it('creates a template that prefills the narrative and answers the form section', async () => {
    // The form section answers its form too (a Form element; picked in the definition form as any element type).
    const [stored] = await onServer('NoteDefinitions');
    const withForm = {
      ...stored,
      sections: stored!.sections.map((s: Record<string, any>) =>
        s.kind === 'Form' ? { ...s, elements: [...s.elements, { key: `${s.key}.Form`, type: 'Form', form: s.form }] } : s,
      ),
    };
    const updated = await suite.t.request('PUT', `NoteDefinitions/${stored!.id}`, { body: withForm });
    expect(updated.status, updated.text).toBe(200);
    const page = await signedIn(administrator, '/administration/note-templates');
    await page.getByRole('button', { name: 'New note template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New note template' });
    await dialog.getByLabel(/^Name/).fill('Routine check-in');
    await dialog
      .getByRole('combobox', { name: 'Note definition' })
      .or(dialog.getByRole('textbox', { name: 'Note definition' }))
      .first()
      .fill('Individual');
    await page.getByRole('option', { name: 'Individual progress note' }).click();
    await dialog.getByLabel('Session narrative').fill('Client reports stable mood.');
    // The form section in the note editor's own form renderer; session time is for written notes only.
    const mentalStatus = dialog.getByRole('region', { name: 'Mental status' });
    await mentalStatus.getByRole('textbox', { name: 'Mood' }).fill('Euthymic');
    expect(await mentalStatus.getByText('The session time above is not complete.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [template] = await onServer('NoteTemplates');
    expect(template).toMatchObject({
      name: 'Routine check-in',
      definition: { resourceType: 'NoteDefinition', display: 'Individual progress note' },
      sections: [
        { key: 'session-narrative', kind: 'Narrative', narrative: 'Client reports stable mood.' },
        { key: 'mental-status', kind: 'Form', answers: { 'mental-status.Form': { mood: 'Euthymic' } } },
      ],
    });
  });

  it('creates a Session duration rule and publishes it', async () => {
    const page = await signedIn(administrator, '/administration/note-rules', 'dark');
    await page.getByRole('button', { name: 'New note rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New note rule' });
    await dialog.getByLabel(/^Name/).fill('At least 30 minutes');
    await dialog.getByLabel('Minimum minutes').fill('60');
    await dialog.getByLabel('Maximum minutes').fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Maximum minutes must be greater than or equal to 60').waitFor();
    await dialog.getByLabel('Minimum minutes').fill('30');
    await dialog.getByLabel('Maximum minutes').fill('');
    await saveScreenshot(page, 'notes-admin-rule-dark');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await onServer('NoteRules')).toEqual([
      expect.objectContaining({
        name: 'At least 30 minutes',
        kind: 'SessionDuration',
        status: 'Draft',
        severity: 'block',
        presence: 'MustBePresent',
        parameters: { minMinutes: 30 },
      }),
    ]);
    await page.getByRole('button', { name: 'Publish At least 30 minutes' }).click();
    await page.getByRole('button', { name: 'Retire At least 30 minutes' }).waitFor();
    await expect.poll(async () => (await onServer('NoteRules'))[0]?.status).toBe('Active');
  });

  it('creates a signature configuration asking a supervisor to co-sign for unlicensed staff, in its own words', async () => {
    const page = await signedIn(administrator, '/administration/signatures');
    await page.getByRole('button', { name: 'New signature configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New signature configuration' });
    await dialog.getByLabel(/^Name/).fill('Supervised staff');
    await dialog.getByRole('radio', { name: 'Supervisor co-signs for unlicensed staff' }).check();
    // The author's wording is left blank (the default applies); the co-signer's is the practice's own.
    await dialog.getByRole('textbox', { name: 'A co-signing supervisor attests' }).fill(CO_SIGNER_WORDING);
    await saveScreenshot(page, 'signature-configuration-attestation');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Publish Supervised staff' }).click();
    await page.getByRole('button', { name: 'Retire Supervised staff' }).waitFor();
    await expect.poll(async () => (await onServer('SignatureConfigurations'))[0]?.status).toBe('Active');
    expect(await onServer('SignatureConfigurations')).toEqual([
      expect.objectContaining({
        name: 'Supervised staff',
        status: 'Active',
        authorSignature: true,
        supervisorCoSignature: 'UnlicensedAuthors',
        patientSignature: 'None',
        coSignerAttestation: CO_SIGNER_WORDING,
      }),
    ]);
    expect((await onServer('SignatureConfigurations'))[0]).not.toHaveProperty('authorAttestation');
  });
});

describe('the dashboard note lists', () => {
  it("lets the supervisor co-sign an unlicensed clinician's signed note, which then leaves the list", async () => {
    const start = new Date(Date.now() - 3 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const note = await writeNote('Weekly session', start, 45);
    const signed = await clinician.client.request('POST', `Notes/${note.id}/sign`, {
      body: { versionId: note.meta.versionId, ...ATTESTED },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.note).toMatchObject({
      status: 'Preliminary',
      pendingSignatures: [{ role: 'CoSigner', signers: [{ id: supervisor.profile.id }] }],
    });

    const page = await signedIn(supervisor, '/');
    const list = page.getByRole('list', { name: 'Awaiting my co-signature' });
    await list.getByRole('link', { name: 'Weekly session · Ada Lovelace' }).waitFor();
    expect(await list.getByRole('link', { name: 'Weekly session · Ada Lovelace' }).getAttribute('href')).toBe(
      `/patients/${patientId}/notes/${note.id}`,
    );
    await saveScreenshot(page, 'dashboard-co-sign-queue');
    await page.getByRole('button', { name: 'Co-sign Weekly session · Ada Lovelace' }).click();
    // Co-signing asks for the co-signer's attestation, in the configuration's words, first.
    const dialog = page.getByRole('form', { name: 'Co-sign this note' });
    await dialog.getByText(CO_SIGNER_WORDING).waitFor();
    await dialog.getByTestId('co-sign-summary').getByText('Weekly session · Ada Lovelace').waitFor();
    await dialog
      .getByTestId('co-sign-summary')
      .getByText(/^Author: Practitioner/)
      .waitFor();
    const confirm = dialog.getByRole('button', { name: 'Co-sign note' });
    expect(await confirm.isDisabled()).toBe(true);
    await saveScreenshot(page, 'co-sign-attestation');
    await dialog.getByRole('checkbox').check();
    await confirm.click();
    await page.getByText('Nothing to co-sign').waitFor();
    const after = await suite.t.request('GET', `Notes/${note.id}`);
    expect(after.body).toMatchObject({
      status: 'Final',
      signatures: [
        { role: 'Author' },
        { role: 'CoSigner', signer: { id: supervisor.profile.id }, attestation: { text: CO_SIGNER_WORDING } },
      ],
    });
  });

  it("flags the clinician's old unsigned note as overdue, a recent one as not yet", async () => {
    await writeNote('January session', '2024-01-10T14:00:00Z', 45);
    const recent = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await writeNote('Today session', recent, 45);
    const page = await signedIn(clinician, '/');
    const list = page.getByRole('list', { name: 'My unsigned notes' });
    const old = list.getByRole('listitem').filter({ hasText: 'January session' });
    await old.getByText('Overdue', { exact: true }).waitFor();
    const today = list.getByRole('listitem').filter({ hasText: 'Today session' });
    await today.waitFor();
    expect(await today.getByText('Overdue', { exact: true }).count()).toBe(0);
    await today.getByText(/^Sign by /).waitFor();
    await page.getByText("1 note is past the practice's signing deadline.").waitFor();
    // The signed note awaiting its co-signature is not the author's to sign any more.
    expect(await list.getByText('Weekly session').count()).toBe(0);
    await old.getByRole('link', { name: 'January session · Ada Lovelace' }).waitFor();
    await saveScreenshot(page, 'dashboard-unsigned-notes');
  });
});
