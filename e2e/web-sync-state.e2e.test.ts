import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The sync state in the shell's header, with the real data layer against the real server: an edit
 * made offline waits (and signing out warns before discarding it); an edit another device made
 * first gets it refused, and the user's text is there to copy or restore. The edit is the user's
 * colour scheme (PersonalPreferences), the one resource the shell itself writes.
 */

let t: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

const syncState = (page: Page) => page.getByTestId('sync-state');
const status = (page: Page) => syncState(page).getAttribute('data-status');

async function chooseScheme(page: Page, scheme: 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferences' });
  await dialog.getByRole('radiogroup', { name: 'Colour scheme' }).getByText(scheme).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

it('keeps an offline edit waiting, warns before signing out, and shows a refused edit with the text recoverable', async () => {
  const user = await t.createUser({ roles: ['Practitioner'] });
  const created = await user.client.request('POST', t.practiceUrl('PersonalPreferences'), { body: { fontSize: 'Normal' } });
  expect(created.status).toBe(201);

  // With the service worker, as in use: it has cached the build (the dialogs loaded on demand
  // included) before the connection goes.
  const context = await newContext(browser, t.url, { serviceWorkers: 'allow' });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await expectSignedInAs(page, user.email);
  await expect.poll(() => status(page)).toBe('synced');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  // Offline: the edit applies at once and waits on the device.
  await context.setOffline(true);
  await expect.poll(() => status(page)).toBe('offline');
  await chooseScheme(page, 'Dark');
  await expect.poll(() => syncState(page).textContent()).toBe('Offline · 1 waiting');
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
  await context.setOffline(false);
  await expect.poll(() => status(page), { timeout: 20_000 }).toBe('failed');
  expect(await syncState(page).textContent()).toBe('1 not saved');

  await syncState(page).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Your edits' });
  const card = dialog.getByRole('region', { name: /^Not saved:/ });
  expect(await card.getByTestId('failed-edit-text').textContent()).toContain('colorScheme: dark');
  await saveScreenshot(page, 'sync-failed-light');

  // The user restores their version on top of the other device's.
  await card.getByRole('button', { name: 'Restore my version' }).click();
  await card.waitFor({ state: 'hidden' });
  await expect.poll(() => status(page), { timeout: 20_000 }).toBe('synced');
  await expect
    .poll(async () => (await user.client.request('GET', t.practiceUrl(`PersonalPreferences/${created.body.id}`))).body.colorScheme)
    .toBe('dark');
});
