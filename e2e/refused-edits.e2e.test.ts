import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { goOffline, signedInWithWorker, syncText, waitForSyncStatus } from './support/offline.ts';
import { findPatientByMrn, openChart, openChartTab, openPatientList } from './support/patients.ts';
import { saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * Edits that can never be saved (issue 17). A profile is offered no edit its permissions refuse;
 * and when the server refuses edits anyway (the permission was taken away while the user worked
 * offline), every refused edit is listed, with what the user typed, why, and a way to copy it,
 * while the other items' edits are saved. Edits that cannot be sent (offline, then a 401) are
 * listed to read and copy too, and sent once the same user signs in again.
 */

const suite = useBrowserSuite();
const FORBIDDEN = "You don't have permissions to perform this action.";

async function newChart(tag: string): Promise<{ patientId: string; display: string; mrn: string; personName: string }> {
  const { t } = suite;
  const display = `Quill${tag}, Ada`;
  const mrn = `RFE${tag}`;
  const patient = await t.request('POST', t.practiceUrl('Patients'), {
    body: {
      resourceType: 'Patient',
      display,
      names: [{ given: ['Ada'], family: `Quill${tag}` }],
      mrn,
      birthDate: '1981-04-09',
      telecom: [{ system: 'Phone', use: 'Home', value: '555-010-0100' }],
    },
  });
  expect(patient.status, patient.text).toBe(201);
  const patientId = patient.body.id as string;
  const person = await t.request('POST', t.practiceUrl('RelatedPeople'), {
    body: {
      resourceType: 'RelatedPerson',
      partition: patientId,
      patient: { resourceType: 'Patient', id: patientId },
      names: [{ given: ['Rose'], family: `Quill${tag}` }],
      telecom: [{ system: 'Phone', use: 'Mobile', value: '555-010-0200' }],
    },
  });
  expect(person.status, person.text).toBe(201);
  return { patientId, display, mrn, personName: `Rose Quill${tag}` };
}

async function openChartOf(page: Page, chart: { display: string; mrn: string }): Promise<void> {
  await openPatientList(page);
  await findPatientByMrn(page, chart.mrn);
  await openChart(page, chart.display);
}

async function saveForm(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'hidden' });
}

it('offers a Practitioner no way to change the chart records its role cannot change', async () => {
  const chart = await newChart(randomUUID().slice(0, 4).toUpperCase());
  const practitioner = await suite.t.createUser({ roles: ['Practitioner'] });
  const page = await suite.signedIn(practitioner);
  await openPatientList(page);
  await expect.poll(() => page.getByRole('button', { name: /^New / }).count()).toBe(0);
  await openChartOf(page, chart);

  await openChartTab(page, 'Demographics');
  expect(await page.getByRole('tabpanel', { name: 'Demographics' }).getByRole('button').count()).toBe(0);

  await openChartTab(page, 'Contacts');
  const contacts = page.getByRole('tabpanel', { name: 'Contacts' });
  await contacts.getByText(chart.personName, { exact: true }).waitFor();
  await contacts.getByText('555-010-0100').waitFor();
  // No Edit of the patient's phones or addresses, no Add, Edit or menu on related persons.
  expect(await contacts.getByRole('button').allTextContents()).toEqual([]);
  await saveScreenshot(page, 'refused-edits-practitioner-contacts');

  await openChartTab(page, 'Care team');
  expect(await page.getByRole('tabpanel', { name: 'Care team' }).getByRole('button').count()).toBe(0);

  await openChartTab(page, 'Episodes and diagnoses');
  const episodes = page.getByRole('tabpanel', { name: 'Episodes and diagnoses' });
  await episodes.getByRole('region', { name: 'Allergies' }).waitFor();
  expect(await episodes.getByRole('button').allTextContents()).toEqual([]);
});

it("lists every edit refused after the permission was taken away offline, each to copy, and saves the other items' edits", async () => {
  const { t } = suite;
  const chart = await newChart(randomUUID().slice(0, 4).toUpperCase());
  // Case Management changes patients and their related persons; the clinician's role keeps allergies.
  const user: TestUser = await t.createUser({ roles: ['Case Management', 'Non-Prescribing Clinician'] });
  const page = await signedInWithWorker(suite, user, { permissions: ['clipboard-read', 'clipboard-write'] });
  await openChartOf(page, chart);
  await openChartTab(page, 'Contacts');
  const contacts = page.getByRole('tabpanel', { name: 'Contacts' });
  await contacts.getByText(chart.personName, { exact: true }).waitFor();
  await waitForSyncStatus(page, 'synced');

  await goOffline(page);
  // Three edits of the patient's phone, one by one.
  const phones = ['555-010-0101', '555-010-0102', '555-010-0103'];
  for (const phone of phones) {
    await contacts.getByRole('button', { name: 'Edit phones and e-mails' }).click();
    const form = page.getByRole('form', { name: 'Phones and e-mails' });
    await form.getByRole('textbox', { name: 'Phone 1', exact: true }).fill(phone);
    await saveForm(form);
    await contacts.getByText(phone, { exact: true }).waitFor();
  }
  // One of the related person's phone.
  await contacts.getByRole('button', { name: `Edit related person ${chart.personName}` }).click();
  const personForm = page.getByRole('form', { name: 'Related person' });
  await personForm.getByRole('textbox', { name: 'Phone 1', exact: true }).fill('555-010-0299');
  await saveForm(personForm);
  // And an allergy, which the user may still record.
  await openChartTab(page, 'Episodes and diagnoses');
  const episodes = page.getByRole('tabpanel', { name: 'Episodes and diagnoses' });
  await episodes.getByRole('button', { name: 'Add allergy' }).click();
  const allergy = page.getByRole('form', { name: 'New allergy' });
  await allergy.getByRole('combobox', { name: /^Substance/ }).fill('Strawberries');
  await saveForm(allergy);
  await expect.poll(() => syncText(page)).toBe('Offline · 5 waiting');

  // Meanwhile an administrator takes Case Management away.
  const changed = await t.request('PUT', `users/${user.accountId}/roles`, { body: { roles: ['Non-Prescribing Clinician'] } });
  expect(changed.status, changed.text).toBe(200);

  await page.context().setOffline(false);
  await waitForSyncStatus(page, 'failed', 30_000);
  await expect.poll(() => syncText(page), { timeout: 20_000 }).toBe('4 not saved');

  // The allergy reached the server; the patient and the related person kept the server's values.
  const allergies = await t.request('GET', t.practiceUrl('Allergies'), { headers: { 'x-partition-key': chart.patientId } });
  expect(allergies.body.map((a: { substance?: { display?: string } }) => a.substance?.display)).toEqual(['Strawberries']);
  const patient = await t.request('GET', t.practiceUrl(`Patients/${chart.patientId}`));
  expect(patient.body.telecom[0].value).toBe('555-010-0100');

  // Every refused edit is listed with the value typed and the server's reason.
  await page.getByTestId('sync-state').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Your edits' });
  const cards = dialog.getByRole('region', { name: /^Not saved:/ });
  await expect.poll(() => cards.count()).toBe(4);
  const texts = await cards.allTextContents();
  for (const phone of [...phones, '555-010-0299']) {
    const card = texts.filter((text) => text.includes(`Phone 1: ${phone}`));
    expect(card, phone).toHaveLength(1);
    expect(card[0]).toContain(FORBIDDEN);
  }
  await saveScreenshot(page, 'refused-edits-list');

  // Copy, from the keyboard: the second edit's value lands on the clipboard.
  const second = cards.filter({ hasText: 'Phone 1: 555-010-0102' });
  await second.getByRole('button', { name: 'Copy' }).focus();
  await page.keyboard.press('Enter');
  await second.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Phone 1: 555-010-0102');
  expect(copied).toContain(FORBIDDEN);

  // The refusal made the page ask again what the user may do: the patient's and related persons'
  // edits are no longer offered, the allergies' still are.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => episodes.getByRole('button', { name: 'Add allergy' }).count()).toBe(1);
  await openChartTab(page, 'Contacts');
  await contacts.getByText(chart.personName, { exact: true }).waitFor();
  await expect.poll(() => contacts.getByRole('button', { name: 'Edit phones and e-mails' }).count(), { timeout: 15_000 }).toBe(0);
  expect(await contacts.getByRole('button', { name: /related person/ }).count()).toBe(0);
  await saveScreenshot(page, 'refused-edits-chart-after');
});

it('keeps edits that cannot be sent listed, each to copy, and sends them once the same user signs in again after a 401', async () => {
  const { t } = suite;
  const chart = await newChart(randomUUID().slice(0, 4).toUpperCase());
  const user: TestUser = await t.createUser({ roles: ['Case Management'] });
  const page = await signedInWithWorker(suite, user, { permissions: ['clipboard-read', 'clipboard-write'] });
  await openChartOf(page, chart);
  await openChartTab(page, 'Contacts');
  const contacts = page.getByRole('tabpanel', { name: 'Contacts' });
  await waitForSyncStatus(page, 'synced');

  await goOffline(page);
  for (const phone of ['555-010-0111', '555-010-0112']) {
    await contacts.getByRole('button', { name: 'Edit phones and e-mails' }).click();
    const form = page.getByRole('form', { name: 'Phones and e-mails' });
    await form.getByRole('textbox', { name: 'Phone 1', exact: true }).fill(phone);
    await saveForm(form);
  }
  await expect.poll(() => syncText(page)).toBe('Offline · 2 waiting');

  // What waits can be read, each edit with its value, and copied.
  await page.getByTestId('sync-state').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Your edits' });
  const waiting = dialog.getByRole('region', { name: 'Waiting to be sent' });
  const cards = waiting.getByRole('region', { name: /^Waiting:/ });
  await expect.poll(() => cards.count()).toBe(2);
  expect((await cards.allTextContents()).map((text) => /Phone 1: ([\d-]+)/.exec(text)?.[1])).toEqual(['555-010-0111', '555-010-0112']);
  await waiting.getByRole('button', { name: 'Copy all' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Phone 1: 555-010-0111');
  expect(copied).toContain('Phone 1: 555-010-0112');
  await saveScreenshot(page, 'refused-edits-waiting');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Meanwhile the session ends (an administrator, or the idle timeout). Back online, the first
  // write meets a 401: nothing is sent or dropped, and the dialog says the edits wait.
  const sessions = await user.client.request<{ id: string; current: boolean; userAgent: string }[]>('GET', '/api/v1/auth/sessions');
  const browserSession = sessions.body.find((s) => !s.current && s.userAgent.includes('Chrome'));
  expect((await user.client.request('DELETE', `/api/v1/auth/sessions/${browserSession!.id}`)).status).toBe(204);
  await page.context().setOffline(false);
  const expired = page.getByRole('dialog', { name: 'You have been signed out' });
  await expired.waitFor({ timeout: 20_000 });
  expect(await expired.textContent()).toContain('stay on this device');
  expect((await t.request('GET', t.practiceUrl(`Patients/${chart.patientId}`))).body.telecom[0].value).toBe('555-010-0100');

  await expired.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL('**/sign-in?next=**');
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await page.getByTestId('chart-header').waitFor();
  await waitForSyncStatus(page, 'synced', 20_000);
  const history = await t.request('GET', t.practiceUrl(`Patients/${chart.patientId}/_history`));
  expect(history.body.map((v: { telecom: { value: string }[] }) => v.telecom[0]!.value)).toEqual([
    '555-010-0112',
    '555-010-0111',
    '555-010-0100',
  ]);
});
