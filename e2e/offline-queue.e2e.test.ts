import { randomUUID } from 'node:crypto';
import type { BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { countInIndexedDb, exposeDataLayer, readFromIndexedDb } from './support/data-layer.ts';
import { goOffline, locationHistory, markedLocations, openFailedEdit, syncText, waitForSyncStatus } from './support/offline.ts';
import { expectSignedInAs, saveScreenshot } from './support/web-app.ts';

/**
 * Issue 4's proof of the write queue, in Chromium against the real server: 100 edits made
 * offline survive a reload in IndexedDB and reach the server once back online, all of them, in
 * the order written, and once each, even when answers are lost on the way back and the queue
 * retries; and an edit another browser made first gets the user's offline edit refused, shown in
 * the sync indicator with the user's text to copy or restore.
 *
 * The edits go through the page's own data layer (e2e/support/data-layer.ts), as a screen's
 * `useUpsert` would: practice Locations, written by an Administrative user.
 */

const ITEMS = 20;
const ROUNDS = 4; // updates of each item after its create: 20 + 20 * 4 = 100 edits
const EDITS = ITEMS * (1 + ROUNDS);

const suite = useBrowserSuite();

/** Signed in and synced, with the page's data layer on `window.__e2eDataLayer` for the test's edits. */
async function signedInPage(user: TestUser, context: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const page = await suite.signedIn(user, { context });
  await waitForSyncStatus(page, 'synced');
  await exposeDataLayer(page);
  return { context: page.context(), page };
}

/** One write request the browser made to Locations/{id}: which edit it carried (its `order`). */
interface WriteAttempt {
  method: string;
  id: string;
  key: string | undefined;
  order: number | undefined;
}

function orderCarried(method: string, body: string | null): number | undefined {
  if (!body) return undefined;
  const parsed = JSON.parse(body);
  if (method === 'PUT') return parsed.order;
  const op = (parsed as { op: string; path: string; value?: unknown }[]).find((o) => o.path === '/order');
  return op?.value as number | undefined;
}

it('sends 100 offline edits after a reload, in order and once each, even when answers are lost', async () => {
  const { t } = suite;
  const user = await t.createUser({ roles: ['Administrative'] });
  const { context, page } = await signedInPage(user);
  const marker = `offline-${randomUUID()}`;

  const attempts: WriteAttempt[] = [];
  context.on('request', (request) => {
    const match = /\/Locations\/([^/?]+)(?:\?|$)/.exec(request.url());
    if (!match || !['PUT', 'PATCH'].includes(request.method())) return;
    attempts.push({
      method: request.method(),
      id: decodeURIComponent(match[1]!),
      key: request.headers()['idempotency-key'],
      order: orderCarried(request.method(), request.postData()),
    });
  });

  // Offline: 20 creates, then four rounds of updates of every item, each with the next counter.
  await goOffline(page);
  const ids = await page.evaluate(
    async ({ marker, items, rounds }) => {
      const layer = window.__e2eDataLayer!;
      const written: Record<string, unknown>[] = [];
      let order = 0;
      for (let i = 0; i < items; i++) {
        written.push(
          await layer.upsert('Locations', {
            display: `Clinic room ${i} (${marker})`,
            marker,
            counter: 0,
            order: order++,
            note: `room ${i}, version 0`,
          }),
        );
      }
      for (let round = 1; round <= rounds; round++) {
        for (let i = 0; i < items; i++) {
          written[i] = await layer.upsert('Locations', {
            ...written[i],
            counter: round,
            order: order++,
            note: `room ${i}, version ${round}`,
          });
        }
      }
      return written.map((w) => w.id as string);
    },
    { marker, items: ITEMS, rounds: ROUNDS },
  );
  expect(new Set(ids).size).toBe(ITEMS);
  await expect.poll(() => syncText(page)).toBe(`Offline · ${EDITS} waiting`);
  expect(await countInIndexedDb(page, user.accountId, 'pendingUpserts')).toBe(EDITS);

  // Reload while offline: without a service worker the browser cannot even fetch the page, so the
  // app (and every bit of its memory) is gone; only IndexedDB is left.
  const reloaded = await page.reload().then(
    () => 'loaded',
    (error: Error) => error.message,
  );
  console.log(`offline queue: reload while offline: ${reloaded.split('\n')[0]}`);
  expect(reloaded).toMatch(/ERR_INTERNET_DISCONNECTED|loaded/);

  // The connection is back but the server does not answer yet: the page loads, starts as the user
  // this device last had signed in (the session check got no answer), offline, and the queue is
  // still all on disk. (Chromium lifts its offline emulation from the old document while that
  // document unloads for the error page, so now and then the dying page sends its first write or
  // two before it is gone; it never gets to settle them, so they stay queued and are sent again
  // below, under the same idempotency keys. At most those first creates can be on the server.)
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.goto('/');
  await expectSignedInAs(page, user.email);
  await waitForSyncStatus(page, 'offline');
  expect(await countInIndexedDb(page, user.accountId, 'pendingUpserts')).toBe(EDITS);
  const query = () => markedLocations(t, user, marker);
  const early = (await query()).body.map((l) => [l.order, l.counter]).sort((a, b) => a[0] - b[0]);
  // Only first writes (creates) can have left, a few at once: never an item's later edit.
  expect(early.every(([order, counter]) => counter === 0 && order! < ITEMS)).toBe(true);
  if (early.length) console.log(`offline queue: the unloading page sent ${early.length} write(s) before it was gone`);
  await context.unroute('**/api/**');

  // The server answers again, but the answers to the first create and the first update are lost
  // on the way back (the server applied them): the queue retries them with the same idempotency
  // keys and the server replays its first answers instead of applying them twice.
  const lost: { method: string; status: number }[] = [];
  const losing = new Set<string>();
  await context.route(/\/api\/v1\/practices\/[^/]+\/Locations\/[^/?]+(\?.*)?$/, async (route: Route) => {
    const method = route.request().method();
    // Claimed before the await: several writes are on the wire at once.
    if ((method === 'PUT' || method === 'PATCH') && !losing.has(method)) {
      losing.add(method);
      const response = await route.fetch();
      lost.push({ method, status: response.status() });
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  // The server answers again: the queue's next retry (every 5 s while unanswered) sends it all.
  attempts.length = 0;
  const started = Date.now();
  await expect
    .poll(async () => (await query()).body.filter((l) => l.counter === ROUNDS).length, { timeout: 45_000, interval: 250 })
    .toBe(ITEMS);
  await waitForSyncStatus(page, 'synced', 10_000);
  const drainedInMs = Date.now() - started;
  console.log(`offline queue: ${EDITS} edits on the server ${drainedInMs} ms after the server answered again (2 answers lost on the way)`);
  expect(drainedInMs).toBeLessThan(30_000);
  expect(lost).toEqual([
    { method: 'PUT', status: 201 },
    { method: 'PATCH', status: 200 },
  ]);
  expect(await countInIndexedDb(page, user.accountId, 'pendingUpserts')).toBe(0);
  expect(await countInIndexedDb(page, user.accountId, 'failedUpserts')).toBe(0);

  // Once: one resource per created item (no duplicate creates), each at its last counter.
  const onServer = (await query()).body;
  expect(onServer.map((l) => l.id).sort()).toEqual([...ids].sort());
  for (const location of onServer) {
    expect(location.counter).toBe(ROUNDS);
    expect(location.note).toMatch(new RegExp(`, version ${ROUNDS}$`));
  }

  // In order: each item's history is its five versions in the order written (newest first).
  // Across items, writes go several at once (never two of the same item), so the server's versions
  // of different items may interleave in another order than the edits were made.
  const versions: { order: number; lastModified: string }[] = [];
  for (const id of ids) {
    const history = await locationHistory(t, user, id);
    expect(history.status).toBe(200);
    expect(history.body.map((v) => v.counter)).toEqual([4, 3, 2, 1, 0]);
    versions.push(...history.body.map((v) => ({ order: v.order as number, lastModified: v.meta.lastModified as string })));
  }
  expect(versions).toHaveLength(EDITS);
  versions.sort((a, b) => a.order - b.order);
  expect(versions.map((v) => v.order)).toEqual([...Array(EDITS).keys()]);

  // On the wire: every write carried an idempotency key of its own, left in the order written,
  // and only the two whose answers were lost were sent twice, each time with the same key.
  expect(attempts.every((a) => a.key && /^[A-Za-z0-9._:-]{8,128}$/.test(a.key))).toBe(true);
  expect(attempts).toHaveLength(EDITS + lost.length);
  const keys = new Map<string, WriteAttempt[]>();
  for (const a of attempts) keys.set(a.key!, [...(keys.get(a.key!) ?? []), a]);
  expect(keys.size).toBe(EDITS);
  const repeated = [...keys.values()].filter((same) => same.length > 1);
  expect(repeated.map((same) => same.map((a) => a.method))).toEqual([
    ['PUT', 'PUT'],
    ['PATCH', 'PATCH'],
  ]);
  // Each item's writes left in the order written (a retry repeats the write before it, never
  // overtakes it).
  for (const id of ids) {
    const mine = attempts
      .filter((a) => a.id === id)
      .map((a) => a.order)
      .filter((o, i, all) => i === 0 || o !== all[i - 1]);
    expect(mine).toEqual([...mine].sort((a, b) => a! - b!));
    expect(mine).toHaveLength(1 + ROUNDS);
  }
}, 150_000);

it('sends a write again with its own key after a reload cut it off in flight, and the server applies it once', async () => {
  const { t } = suite;
  const user = await t.createUser({ roles: ['Administrative'] });
  const { context, page } = await signedInPage(user);
  const marker = `reload-${randomUUID()}`;
  const items = 5;

  await goOffline(page);
  await page.evaluate(
    async ({ marker, items }) => {
      const layer = window.__e2eDataLayer!;
      const written: Record<string, unknown>[] = [];
      for (let i = 0; i < items; i++)
        written.push(await layer.upsert('Locations', { display: `Room ${i} (${marker})`, marker, counter: 0 }));
      for (let i = 0; i < items; i++) await layer.upsert('Locations', { ...written[i], counter: 1 });
    },
    { marker, items },
  );

  // The creates go through. The first update reaches the server, which applies it, but it is
  // never answered; the others (several go at once, one per item) never get past the browser.
  // Once all five are on the wire the page is reloaded, which cuts them all off.
  const keys: string[] = [];
  let reloading = false;
  let applied: string | undefined;
  await context.route(/\/Locations\/[^/?]+(\?.*)?$/, async (route) => {
    if (!['PUT', 'PATCH'].includes(route.request().method())) return route.continue();
    const key = route.request().headers()['idempotency-key']!;
    keys.push(key);
    if (reloading || route.request().method() === 'PUT') return route.continue();
    if (applied) return; // never answered
    applied = key;
    await route.fetch(); // the server applies it; its answer is never passed on
  });
  await context.setOffline(false);
  await expect.poll(() => keys.length, { timeout: 20_000 }).toBe(2 * items);
  await expect
    .poll(
      async () =>
        (
          await user.client.request<Record<string, any>[]>('POST', t.practiceUrl('Locations/queries'), {
            body: [
              { field: 'counter', op: 'eq', value: 1 },
              { field: 'marker', op: 'eq', value: marker },
            ],
          })
        ).body.length,
    )
    .toBe(1);
  const beforeReload = keys.length;
  reloading = true;
  await page.reload();
  await expectSignedInAs(page, user.email);

  const query = () => markedLocations(t, user, marker);
  await expect.poll(async () => (await query()).body.filter((l) => l.counter === 1).length, { timeout: 30_000 }).toBe(items);
  await waitForSyncStatus(page, 'synced', 10_000);
  // Every update cut off left again after the reload under the key it was queued with (the one
  // the server had applied among them is answered from the server's record, not applied again).
  const cutOff = keys.slice(items, beforeReload);
  const after = keys.slice(beforeReload);
  expect(cutOff).toContain(applied);
  expect([...after].sort()).toEqual([...cutOff].sort());
  expect(new Set(keys).size).toBe(2 * items);
  const located = (await query()).body;
  expect(located).toHaveLength(items);
  for (const location of located) {
    const history = await locationHistory(t, user, location.id);
    expect(history.body.map((v) => v.counter)).toEqual([1, 0]);
  }
}, 90_000);

it('shows an offline edit that another browser beat to the server, with the text to copy and restore', async () => {
  const { t } = suite;
  const [mine, theirs] = await Promise.all([t.createUser({ roles: ['Administrative'] }), t.createUser({ roles: ['Administrative'] })]);
  const created = await mine.client.request('POST', t.practiceUrl('Locations'), {
    body: { display: 'Riverside clinic', description: 'Ground floor, step-free access.' },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const byId = [{ field: 'id', op: 'eq', value: id }];

  // My browser has the location (as a screen showing it would), then loses the connection and I
  // edit it.
  const { context, page } = await signedInPage(mine, { permissions: ['clipboard-read', 'clipboard-write'] });
  const known = await page.evaluate(async (byId) => (await window.__e2eDataLayer!.fetchAll('Locations', { filters: byId }))[0]!, byId);
  expect(known.meta.versionId).toBe(created.body.meta.versionId);
  await goOffline(page);
  const myWords = 'Ground floor; the lift is out of order until March, use the ramp by the car park.';
  await page.evaluate(({ known, myWords }) => window.__e2eDataLayer!.upsert('Locations', { ...known, description: myWords }), {
    known,
    myWords,
  });
  await expect.poll(() => syncText(page)).toBe('Offline · 1 waiting');

  // Meanwhile a colleague's browser, online, edits the same location first.
  const other = await signedInPage(theirs);
  const theirWords = 'Ground floor. Reception moved to room 2.';
  await other.page.evaluate(
    async ({ byId, theirWords }) => {
      const layer = window.__e2eDataLayer!;
      const [location] = await layer.fetchAll('Locations', { filters: byId });
      await layer.upsert('Locations', { ...location!, description: theirWords });
      await layer.flush();
    },
    { byId, theirWords },
  );
  await waitForSyncStatus(other.page, 'synced');
  expect((await mine.client.request('GET', t.practiceUrl(`Locations/${id}`))).body.description).toBe(theirWords);

  // Back online: my edit is refused as a conflict and shown, not dropped.
  await context.setOffline(false);
  await waitForSyncStatus(page, 'failed', 20_000);
  expect(await syncText(page)).toBe('1 not saved');
  expect(await countInIndexedDb(page, mine.accountId, 'failedUpserts')).toBe(1);
  // The device now shows the server's copy (my colleague's words), no longer waiting to be sent.
  const local = await readFromIndexedDb(page, mine.accountId, 'items', ['Locations', id]);
  expect(local).toMatchObject({ dirty: false, item: { description: theirWords }, saved: { description: theirWords } });

  const card = await openFailedEdit(page, 'Riverside clinic');
  expect(await card.textContent()).toContain('Your changes conflict with those made concurrently by another user.');
  const shown = await card.getByTestId('failed-edit-text').textContent();
  expect(shown).toContain(`Description: ${myWords}`);
  await saveScreenshot(page, 'offline-queue-conflict');

  // Copy: my words land on the clipboard.
  await card.getByRole('button', { name: 'Copy' }).click();
  await card.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Description: ${myWords}`);

  // Restore: my version goes back on top of my colleague's, as a new version after theirs.
  await card.getByRole('button', { name: 'Restore my version' }).click();
  await card.waitFor({ state: 'hidden' });
  await waitForSyncStatus(page, 'synced', 20_000);
  const history = await locationHistory(t, mine, id);
  expect(history.body.map((v) => v.description)).toEqual([myWords, theirWords, 'Ground floor, step-free access.']);
}, 90_000);
