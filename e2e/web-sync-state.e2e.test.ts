import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.ts';
import { goOffline, openFailedEdit, signedInWithWorker, syncText, waitForSyncStatus } from './support/offline.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The sync state in the shell's header, with the real data layer against the real server: an edit
 * made offline waits (and signing out warns before discarding it); an edit another device made
 * first gets it refused, and the user's text is there to copy or restore. The edit is the user's
 * colour scheme (PersonalPreferences), the one resource the shell itself writes.
 */

const suite = useBrowserSuite();

async function chooseScheme(page: Page, scheme: 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferences' });
  await dialog.getByRole('radiogroup', { name: 'Colour scheme' }).getByText(scheme).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

it('keeps an offline edit waiting, warns before signing out, and shows a refused edit with the text recoverable', async () => {
  const { t } = suite;
  const user = await t.createUser({ roles: ['Practitioner'] });
  const created = await user.client.request('POST', t.practiceUrl('PersonalPreferences'), { body: { fontSize: 'Normal' } });
  expect(created.status).toBe(201);

  // With the service worker, as in use: it has cached the build (the dialogs loaded on demand
  // included) before the connection goes.
  const page = await signedInWithWorker(suite, user);
  await waitForSyncStatus(page, 'synced');

  // Offline: the edit applies at once and waits on the device.
  await goOffline(page);
  await chooseScheme(page, 'Dark');
  await expect.poll(() => syncText(page)).toBe('Offline · 1 waiting');
  await saveScreenshot(page, 'sync-offline-dark');

  // Signing out now would lose it: the user is asked first, and can stay.
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const warning = page.getByRole('dialog', { name: 'Sign out and lose edits?' });
  await warning.getByText('1 edit has not reached the server yet.').waitFor();
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await warning.waitFor({ state: 'hidden' });

  // Meanwhile another device changes the same preferences.
  const elsewhere = await user.client.request('PUT', t.practiceUrl(`PersonalPreferences/${created.body.id}`), {
    body: { ...created.body, fontSize: 'Large' },
  });
  expect(elsewhere.status).toBe(200);

  // Back online: the waiting edit is sent, and refused as a conflict.
  await page.context().setOffline(false);
  await waitForSyncStatus(page, 'failed', 20_000);
  expect(await syncText(page)).toBe('1 not saved');

  const card = await openFailedEdit(page);
  expect(await card.getByTestId('failed-edit-text').textContent()).toContain('Color scheme: dark');
  await saveScreenshot(page, 'sync-failed-light');

  // The user restores their version on top of the other device's.
  await card.getByRole('button', { name: 'Restore my version' }).click();
  await card.waitFor({ state: 'hidden' });
  await waitForSyncStatus(page, 'synced', 20_000);
  await expect
    .poll(async () => (await user.client.request('GET', t.practiceUrl(`PersonalPreferences/${created.body.id}`))).body.colorScheme)
    .toBe('dark');
});
