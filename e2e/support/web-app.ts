import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Signs in through the page, as a person would. */
export async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The e-mail the signed-in shell shows in its header. */
export async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await page.getByTestId('signed-in-email').waitFor();
  expect(await page.getByTestId('signed-in-email').textContent()).toBe(email);
}

export const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@test.caseload`;

/**
 * Saves a screenshot under e2e/screenshots/ (git-ignored); with CASELOAD_UPDATE_SCREENSHOTS=true
 * also under docs/screenshots/, where the ones worth keeping are committed.
 */
export async function saveScreenshot(page: Page, name: string, options: { keep?: boolean } = {}): Promise<string> {
  const file = path.join(REPO_ROOT, 'e2e/screenshots', `${name}.png`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  if (options.keep && process.env.CASELOAD_UPDATE_SCREENSHOTS === 'true') {
    const kept = path.join(REPO_ROOT, 'docs/screenshots', `${name}.png`);
    await fs.mkdir(path.dirname(kept), { recursive: true });
    await fs.copyFile(file, kept);
  }
  return file;
}

/** Types a new password and its repetition on the accept-invite or reset-password page. */
export async function fillNewPassword(page: Page, password: string, confirmation = password): Promise<void> {
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(confirmation);
}

/** Picks `option` in the Mantine select labelled `label` inside `scope` (a dialog, a form). */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
