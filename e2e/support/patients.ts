import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { syncStatus } from './data-layer.ts';

/**
 * Browser-test helpers for the patient list and chart (packages/web/src/features/patients), for
 * any test that needs to find a patient, open a chart, edit it and read its history. They act
 * through the screens as a person would (labels, roles, keyboard), never through the API, and
 * they work whatever the practice calls its patients (the search box is "Search {plural label}").
 */

/** The list's search box: "Search patients", or "Search clients" in a practice that says so. */
export const patientSearchBox = (page: Page): Locator => page.getByRole('searchbox', { name: /^Search / });

/** Every row the patient list shows now (each row is a link to a chart). */
export const patientRows = (page: Page): Locator => page.getByTestId('patient-row');

/** Goes to the patient list unless the page is already on it, and waits for the search box. */
export async function openPatientList(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/patients') await page.goto('/patients');
  await patientSearchBox(page).waitFor();
}

/**
 * Types `text` into the list's search box (replacing what was there) and waits until the list
 * shows the answer for it (the list marks itself `aria-busy` while a search is under way).
 */
export async function searchPatients(page: Page, text: string): Promise<void> {
  await openPatientList(page);
  const box = patientSearchBox(page);
  await box.fill(text);
  await expect.poll(() => page.getByTestId('patient-search-results').getAttribute('data-query')).toBe(text.trim());
  await expect.poll(() => page.getByTestId('patient-search-results').getAttribute('aria-busy')).toBe('false');
}

/**
 * Searches the patient list by medical record number and answers the row showing that MRN
 * (waits for it; fails if none appears).
 */
export async function findPatientByMrn(page: Page, mrn: string): Promise<Locator> {
  await searchPatients(page, mrn);
  const row = patientRows(page).filter({ has: page.getByTestId('patient-mrn').getByText(mrn, { exact: true }) });
  await row.first().waitFor();
  return row.first();
}

/**
 * Opens the chart of the patient whose row shows `display` (the list's name, e.g. "Doe, Jane"):
 * clicks the row if the list shows it, else searches for it first, then waits for the chart's
 * heading.
 */
export async function openChart(page: Page, display: string): Promise<void> {
  let row = patientRows(page).filter({ hasText: display });
  if ((await row.count()) === 0) {
    await searchPatients(page, display.split(',')[0]!.trim());
    row = patientRows(page).filter({ hasText: display });
  }
  await row.first().click();
  await page.waitForURL((url) => /^\/patients\/[^/]+$/.test(url.pathname));
  await page.getByTestId('chart-header').waitFor();
  await expect
    .poll(() => page.getByTestId('chart-header').getByRole('heading', { level: 1 }).textContent())
    .toContain(display.split(',')[0]!.trim());
}

/** Opens one tab of the open chart ("Demographics", "Contacts", "History", ...). */
export async function openChartTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel', { name, exact: true }).waitFor();
}

/**
 * On an open chart: sets the patient's first phone number to `newPhone` (adding a phone if there
 * is none) on the Contacts tab, saves, and waits until the write queue has sent it to the server.
 */
export async function editPhone(page: Page, newPhone: string): Promise<void> {
  await openChartTab(page, 'Contacts');
  await page.getByRole('button', { name: 'Edit phones and e-mails' }).click();
  const form = page.getByRole('form', { name: 'Phones and e-mails' });
  const phone = form.getByRole('textbox', { name: 'Phone 1', exact: true });
  if ((await phone.count()) === 0) await form.getByRole('button', { name: 'Add phone' }).click();
  await phone.fill(newPhone);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('tabpanel', { name: 'Contacts' }).getByText(newPhone, { exact: true }).first().waitFor();
  await expect.poll(() => syncStatus(page), { timeout: 15_000 }).toBe('synced');
}

/**
 * On an open chart: the History tab's versions, newest first, each as its text (when, who, and
 * what changed, e.g. "Phone 1: 555-0100 → 555-0199").
 */
export async function readHistory(page: Page): Promise<string[]> {
  await openChartTab(page, 'History');
  const list = page.getByRole('list', { name: 'Versions' });
  await list.getByRole('listitem').first().waitFor();
  return (await list.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}
