import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Resource } from '@caseload/core';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { chooseOption, saveScreenshot } from './support/web-app.ts';

/**
 * Assembling packets (issue 23, docs/portal.md "Assembling packets") in Chromium against the real
 * server: an administrator builds a packet of three parts, reorders them from the keyboard (Space,
 * arrow, Space on a part's handle), by dragging and with a Move button, saves, and the server and
 * a reload keep the order; a Practitioner, who sends packets but does not assemble them, is
 * offered no Packets section.
 */

const suite = useBrowserSuite();
let administrator: TestUser;
let practitioner: TestUser;
const forms = new Map<string, Resource>();
let adultIntake: Resource & Record<string, any>;

async function seed(collection: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await suite.t.request('POST', collection, { body });
  if (r.status !== 201) throw new Error(`seeding ${collection}: ${r.status} ${r.text}`);
  return r.body;
}

async function publish(title: string, items: Record<string, unknown>[]) {
  const draft = await seed('Questionnaires', { title, status: 'Draft', items });
  const published = await suite.t.request('PUT', `Questionnaires/${draft.id}`, { body: { ...draft, status: 'Active' } });
  expect(published.status, published.text).toBe(200);
  forms.set(title, published.body);
}

const sign = { linkId: 'sign', type: 'Signature', variant: 'AdhocPatientSignature', text: 'Your signature', required: true };
const ref = (title: string) => ({ resourceType: 'Questionnaire', id: forms.get(title)!.id, display: title });

beforeAll(async () => {
  [administrator, practitioner] = await Promise.all([
    suite.t.createUser({ roles: ['Administrative'] }),
    suite.t.createUser({ roles: ['Practitioner'] }),
  ]);
  await publish('Contact details', [{ linkId: 'address', type: 'Address', text: 'Home address', required: true }]);
  await publish('Consent to treatment', [{ linkId: 'words', type: 'TextBlock', text: 'I agree to treatment.' }, sign]);
  await publish('Release of information', [
    { linkId: 'recipient', type: 'String', text: 'Who may receive information', required: true },
    { linkId: 'until', type: 'Date', text: 'This release ends on', required: true },
    sign,
  ]);
  // Packets as the demo writes them: days left to the defaults, and one of a minor with its own.
  adultIntake = await seed('Packets', {
    name: 'Adult intake',
    audience: 'Adult',
    forms: [
      { key: 'contact', kind: 'Questionnaire', title: 'Contact details', form: ref('Contact details'), required: true },
      {
        key: 'treatment',
        kind: 'Consent',
        title: 'Consent to treatment',
        form: ref('Consent to treatment'),
        required: true,
        consent: { category: 'treatment' },
      },
    ],
  });
  await seed('Packets', {
    name: 'Intake for a minor',
    audience: 'Minor',
    expiresAfterDays: 14,
    remindDaysBefore: 3,
    forms: [
      {
        key: 'release',
        kind: 'Consent',
        title: 'Release of information',
        form: ref('Release of information'),
        required: false,
        consent: { category: 'release-of-information', recipientLinkId: 'recipient', expiryLinkId: 'until' },
      },
    ],
  });
});

const titles = (dialog: Locator) => dialog.getByTestId('part-title').allTextContents();

async function addPart(page: Page, dialog: Locator, title: string) {
  await chooseOption(page, dialog, 'Add a part', title);
  await dialog.getByRole('button', { name: 'Add part' }).click();
}

/** Drags a part by its handle onto another part's place, in small steps as a hand would. */
async function drag(page: Page, dialog: Locator, from: string, onto: string) {
  const handle = await dialog.getByRole('button', { name: `Drag to reorder ${from}` }).boundingBox();
  const target = await dialog.getByTestId('packet-part').filter({ hasText: onto }).first().boundingBox();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + 20, { steps: 5 });
  await page.mouse.move(handle!.x + handle!.width / 2, target!.y + 10, { steps: 20 });
  await page.mouse.up();
}

async function storedPacket(name: string) {
  const all = (await suite.t.request('POST', 'Packets/queries', { body: [] })).body as (Resource & Record<string, any>)[];
  return all.find((p) => p.name === name);
}

describe('packet builder', () => {
  it('an administrator assembles a packet of three parts, reorders by keyboard, drag and button, and the order is kept', async () => {
    const page = await suite.signedIn(administrator, { path: '/administration/packets' });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByRole('heading', { name: 'Packets', level: 2 }).waitFor();
    const table = page.getByRole('table', { name: 'Packets' });
    const minor = table.getByRole('row').filter({ hasText: 'Intake for a minor' });
    await minor.getByText('Minor (guardian)').waitFor();
    await minor.getByText('14 days', { exact: true }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Adult intake' }).getByText('30 days (default)').waitFor();

    await page.getByRole('button', { name: 'New packet' }).click();
    const dialog = page.getByRole('dialog', { name: 'New packet' });
    await dialog.getByTestId('no-parts').waitFor();
    // Nothing named, no parts: said before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Give the packet a name.').waitFor();
    await dialog.getByText('Add at least one part: a packet needs something to fill in.').waitFor();

    await dialog.getByLabel('Name').fill('New patient intake');
    await dialog.getByLabel('Link expires after (days)').fill('21');
    await addPart(page, dialog, 'Contact details');
    await addPart(page, dialog, 'Consent to treatment');
    await addPart(page, dialog, 'Release of information');
    expect(await titles(dialog)).toEqual(['Contact details', 'Consent to treatment', 'Release of information']);

    // A consent without its category is refused in words naming the part.
    const consent = dialog.getByTestId('packet-part').filter({ hasText: 'Consent to treatment' });
    await chooseOption(page, consent, 'Kind', 'Consent (signed)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Part 2 (Consent to treatment): choose what the consent is for.').first().waitFor();
    await chooseOption(page, consent, 'Consent to', 'Consent to treatment');
    const release = dialog.getByTestId('packet-part').filter({ hasText: 'Release of information' });
    await chooseOption(page, release, 'Kind', 'Consent (signed)');
    await chooseOption(page, release, 'Consent to', 'Release of information');
    await chooseOption(page, release, 'Recipient named in', 'Who may receive information (recipient)');
    await chooseOption(page, release, 'End date given in', 'This release ends on (until)');

    // The keyboard: Space lifts the first part, ArrowDown moves it, Space drops it.
    const handle = dialog.getByRole('button', { name: 'Drag to reorder Contact details' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(250);
    await page.keyboard.press('Space');
    await expect.poll(() => titles(dialog)).toEqual(['Consent to treatment', 'Contact details', 'Release of information']);

    // A pointer: the release dragged by its handle to the top.
    await drag(page, dialog, 'Release of information', 'Consent to treatment');
    await expect.poll(() => titles(dialog)).toEqual(['Release of information', 'Consent to treatment', 'Contact details']);

    // A button: Contact details up one.
    await dialog.getByRole('button', { name: 'Move Contact details up' }).click();
    await expect.poll(() => titles(dialog)).toEqual(['Release of information', 'Contact details', 'Consent to treatment']);
    await expect.poll(() => dialog.getByRole('button', { name: 'Move Release of information up' }).isDisabled()).toBe(true);
    await dialog.getByRole('heading', { name: 'Parts' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'packet-builder-edit', { keep: true });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await storedPacket('New patient intake'))?.forms?.map((f: { title: string }) => f.title), { timeout: 15_000 })
      .toEqual(['Release of information', 'Contact details', 'Consent to treatment']);
    const stored = (await storedPacket('New patient intake'))!;
    expect(stored).toMatchObject({ audience: 'Adult', expiresAfterDays: 21, active: true });
    expect(stored.remindDaysBefore).toBeUndefined();
    expect(stored.forms[0]).toMatchObject({
      kind: 'Consent',
      form: { resourceType: 'Questionnaire', id: forms.get('Release of information')!.id },
      required: true,
      consent: { category: 'release-of-information', recipientLinkId: 'recipient', expiryLinkId: 'until' },
    });
    expect(stored.forms[2]).toMatchObject({ kind: 'Consent', consent: { category: 'treatment' } });
    expect(new Set(stored.forms.map((f: { key: string }) => f.key)).size).toBe(3);

    await page.reload();
    const row = page.getByRole('table', { name: 'Packets' }).getByRole('row').filter({ hasText: 'New patient intake' });
    await row.getByText('21 days', { exact: true }).waitFor();
    await saveScreenshot(page, 'packet-builder', { keep: true });
    await row.getByRole('button', { name: 'Edit New patient intake' }).click();
    const again = page.getByRole('dialog', { name: 'Edit packet: New patient intake' });
    await expect.poll(() => titles(again)).toEqual(['Release of information', 'Contact details', 'Consent to treatment']);
  });

  it('leaves a packet already sent as it was sent: the portal shows the parts of the version sent', async () => {
    const patient = await seed('Patients', { names: [{ given: ['Ines'], family: 'Sent' }] });
    const login = await suite.t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patient.id });
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const sent = await suite.t.request('POST', `Packets/${adultIntake.id}/send`, { body: { patient: patient.id, dueDate: due } });
    expect(sent.status, sent.text).toBe(201);
    // Edited after sending: its parts turned round and a third added.
    const current = (await suite.t.request('GET', `Packets/${adultIntake.id}`)).body;
    const release = {
      key: 'release',
      kind: 'Questionnaire',
      title: 'Release of information',
      form: ref('Release of information'),
      required: true,
    };
    const edited = await suite.t.request('PUT', `Packets/${adultIntake.id}`, {
      body: { ...current, forms: [...[...current.forms].reverse(), release] },
    });
    expect(edited.status, edited.text).toBe(200);

    const page = await suite.signedIn(login, { path: `/my-packets/${sent.body.id}` });
    await page.getByText('Part 1 of 2').waitFor();
    await page.getByRole('heading', { name: 'Contact details', level: 2 }).waitFor();
    await page.goto(new URL(`/my-packets/${sent.body.id}?part=3`, page.url()).href);
    await page.getByText('You are about to send these parts to your care team:').waitFor();
    expect(await page.getByRole('listitem').allTextContents()).toEqual(['Contact details', 'Consent to treatment']);
  });

  it('is not offered to a Practitioner, who sends packets but does not assemble them', async () => {
    const page = await suite.signedIn(practitioner, { path: '/administration' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Packets' }).count()).toBe(0);
    await page.goto(new URL('/administration/packets', page.url()).href);
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Packets', level: 2 }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New packet' }).count()).toBe(0);
  });
});
