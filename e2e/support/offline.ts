import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer, TestUser } from '../../packages/server/test/harness.ts';
import type { BrowserSuite } from './browser-suite.ts';
import { syncStatus } from './data-layer.ts';

/**
 * Browser-test helpers for working offline: the service worker, the sync indicator in the
 * shell's header, the "Your edits" dialog, and reading back what the write queue sent.
 */

/** The sync indicator's words: "Offline · 2 waiting", "1 not saved". */
export const syncText = (page: Page) => page.getByTestId('sync-state').textContent();

/** Waits until the sync indicator's status is `status` (synced, pending, offline or failed). */
export async function waitForSyncStatus(page: Page, status: 'synced' | 'pending' | 'offline' | 'failed', timeout?: number): Promise<void> {
  await expect.poll(() => syncStatus(page), { timeout }).toBe(status);
}

/** Takes the page's browser profile off the network and waits until the app says it is offline. */
export async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await waitForSyncStatus(page, 'offline');
}

/** Waits until the app's service worker controls the page: it has cached the build, so the app starts offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Signed in with the service worker allowed (the suite blocks it unless asked), as in use, and in
 * control of the page. `context` adds to the profile's options (clipboard permissions, say).
 */
export async function signedInWithWorker(suite: BrowserSuite, user: TestUser, context: BrowserContextOptions = {}): Promise<Page> {
  const page = await suite.signedIn(user, { context: { ...context, serviceWorkers: 'allow' } });
  await waitForServiceWorker(page);
  return page;
}

/** Opens the sync indicator's "Your edits" dialog and answers the card of the edit not saved (`name`: its record's). */
export async function openFailedEdit(page: Page, name: string | RegExp = /^Not saved:/): Promise<Locator> {
  await page.getByTestId('sync-state').getByRole('button').click();
  const card = page
    .getByRole('dialog', { name: 'Your edits' })
    .getByRole('region', { name: typeof name === 'string' ? `Not saved: ${name}` : name });
  await card.waitFor();
  return card;
}

/** The Locations a test wrote with `marker` in them, as `user` reads them from the server. */
export function markedLocations(t: TestServer, user: TestUser, marker: string) {
  return user.client.request<Record<string, any>[]>('POST', t.practiceUrl('Locations/queries?pageSize=1000'), {
    body: [{ field: 'marker', op: 'eq', value: marker }],
  });
}

/** One Location's versions on the server, newest first, as `user` reads them. */
export function locationHistory(t: TestServer, user: TestUser, id: string) {
  return user.client.request<Record<string, any>[]>('GET', t.practiceUrl(`Locations/${id}/_history`));
}
