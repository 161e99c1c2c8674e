import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.ts';
import { exposeDataLayer } from './support/data-layer.ts';
import {
  locationHistory,
  markedLocations,
  signedInWithWorker,
  syncText,
  waitForServiceWorker,
  waitForSyncStatus,
} from './support/offline.ts';
import { expectSignedInAs } from './support/web-app.ts';

/**
 * Issue 4: the app starts offline. The service worker (packages/web/src/service-worker/sw.ts)
 * caches the build once the page has loaded; with the connection gone, a reload starts the app
 * from that cache as the user this device last had signed in, shows offline in the sync state,
 * and queues edits, which reach the server when the connection is back. The API is never cached.
 */

const suite = useBrowserSuite();

/** Every URL in the page's caches (Cache Storage). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) urls.push(...(await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
    return { names: await caches.keys(), urls };
  });

it('starts offline from the cache, signed in, shows offline, queues edits, and sends them once back online', async () => {
  const user = await suite.t.createUser({ roles: ['Administrative'] });
  const page = await signedInWithWorker(suite, user);

  // One cache, of this build: the page, its scripts and styles; nothing of the API.
  const cached = await cachedUrls(page);
  expect(cached.names).toHaveLength(1);
  expect(cached.names[0]).toMatch(/^caseload-app-[0-9a-f]{16}$/);
  expect(cached.urls).toContain('/index.html');
  expect(cached.urls.some((u) => /^\/assets\/index-[^/]+\.js$/.test(u))).toBe(true);
  expect(cached.urls.some((u) => /^\/assets\/DefaultVariant-[^/]+\.js$/.test(u))).toBe(true);
  expect(cached.urls.some((u) => /^\/assets\/SignedInShell-[^/]+\.js$/.test(u))).toBe(true);
  expect(cached.urls.some((u) => u.endsWith('.css'))).toBe(true);
  expect(cached.urls.filter((u) => u.startsWith('/api/'))).toEqual([]);

  // The connection goes; a reload starts the app anyway, as the same user, offline.
  await page.context().setOffline(true);
  await page.reload();
  await expectSignedInAs(page, user.email);
  await waitForSyncStatus(page, 'offline', 15_000);
  expect(await page.getByRole('heading', { name: "Caseload can't be reached" }).count()).toBe(0);

  // Edits queue on the device.
  await exposeDataLayer(page);
  const marker = `offline-start-${randomUUID()}`;
  const id = await page.evaluate(async (marker) => {
    const layer = window.__e2eDataLayer!;
    const made = await layer.upsert('Locations', { display: `Home visit room (${marker})`, marker, counter: 0 });
    await layer.upsert('Locations', { ...made, counter: 1 });
    return made.id as string;
  }, marker);
  await expect.poll(() => syncText(page)).toBe('Offline · 2 waiting');

  // Back online: both reach the server, in order; the session is confirmed with the server.
  await page.context().setOffline(false);
  await expect
    .poll(async () => (await markedLocations(suite.t, user, marker)).body.map((l) => [l.id, l.counter]), { timeout: 30_000 })
    .toEqual([[id, 1]]);
  await waitForSyncStatus(page, 'synced', 15_000);
  const history = await locationHistory(suite.t, user, id);
  expect(history.body.map((v) => v.counter)).toEqual([1, 0]);
  await expectSignedInAs(page, user.email);
}, 120_000);

it('starts offline without a session to remember: says the server cannot be reached', async () => {
  const page = await suite.newPage({ serviceWorkers: 'allow' });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await page.goto('/patients');
  await page.getByRole('heading', { name: "Caseload can't be reached" }).waitFor();
}, 60_000);

it('forgets the remembered session at sign-out: an offline start after it does not sign anyone in', async () => {
  const user = await suite.t.createUser({ roles: ['Practitioner'] });
  const page = await signedInWithWorker(suite, user);
  expect(await page.evaluate(() => localStorage.getItem('caseload:session'))).toContain(user.email);
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
  expect(await page.evaluate(() => localStorage.getItem('caseload:session'))).toBeNull();
  await page.context().setOffline(true);
  await page.goto('/');
  await page.getByRole('heading', { name: "Caseload can't be reached" }).waitFor();
}, 60_000);
