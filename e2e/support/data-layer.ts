import type { Page } from 'playwright-core';

/**
 * Reaching the page's own data layer (packages/web/src/data, the object `createDataLayer` made for
 * the signed-in user) from a browser test, so a test can make edits exactly as a screen does
 * (`upsert`, `remove`) without a screen for every resource type.
 *
 * No hook in the app is needed: React keeps each DOM node's fiber on the node, in production builds
 * too, and the data layer is the value of the `DataLayerProvider` context above the header's sync
 * indicator. {@link exposeDataLayer} walks up from the indicator to that provider and keeps the layer
 * on `window.__e2eDataLayer`; a `window.__caseloadData` the app exposes itself is used first.
 */

/** The part of the DataLayer interface (packages/web/src/data/data-layer.ts) the tests use. */
export interface PageDataLayer {
  readonly userKey: string;
  practiceId(): string;
  upsert<T extends Record<string, unknown>>(collection: string, item: T): Promise<T & { id: string; meta: { versionId: string } }>;
  fetchAll(collection: string, query?: { filters?: { field: string; op: string; value: unknown }[] }): Promise<Record<string, any>[]>;
  flush(): Promise<void>;
  readonly syncState: { get(): { online: boolean; pendingCount: number; failed: { hash: string; item: Record<string, any> }[] } };
}

declare global {
  interface Window {
    __e2eDataLayer?: PageDataLayer;
    __caseloadData?: PageDataLayer;
  }
}

/** Waits for the signed-in shell's data layer and keeps it on `window.__e2eDataLayer`. */
export async function exposeDataLayer(page: Page, timeout = 15_000): Promise<void> {
  // No named functions inside: tsx (esbuild keepNames) would wrap them in a helper the page lacks.
  await page.waitForFunction(
    () => {
      const candidates: any[] = [window.__caseloadData];
      const node = document.querySelector('[data-testid="sync-state"]') as (Element & Record<string, any>) | null;
      const key = node && Object.keys(node).find((k) => k.startsWith('__reactFiber$'));
      for (let fiber = key ? node![key] : undefined; fiber; fiber = fiber.return) candidates.push(fiber.memoizedProps?.value);
      for (const v of candidates) {
        if (v && typeof v.upsert === 'function' && typeof v.flush === 'function' && typeof v.userKey === 'string' && v.syncState) {
          window.__e2eDataLayer = v as PageDataLayer;
          return true;
        }
      }
      return false;
    },
    undefined,
    { timeout },
  );
}

/**
 * Reads one table of a user's IndexedDB store straight from IndexedDB (not through the app): what
 * survives a reload is what is on disk. `key` reads that record (undefined when absent); without it,
 * counts the table (0 when absent). Opens no database that does not exist.
 */
function readIndexedDb(page: Page, userKey: string, table: string, key?: string | number | string[]): Promise<unknown> {
  return page.evaluate<unknown, { name: string; table: string; key?: string | number | string[] }>(
    ({ name, table, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const absent = key === undefined ? 0 : undefined;
        void indexedDB.databases().then((all) => {
          if (!all.some((d) => d.name === name)) return resolve(absent);
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains(table)) {
              db.close();
              return resolve(absent);
            }
            const store = db.transaction(table, 'readonly').objectStore(table);
            const read = key === undefined ? store.count() : store.get(key);
            read.onsuccess = () => {
              db.close();
              resolve(read.result);
            };
            read.onerror = () => reject(read.error);
          };
        }, reject);
      }),
    { name: `caseload-${userKey}`, table, key },
  );
}

/** How many records one table of a user's IndexedDB store holds, e.g. `pendingUpserts`, read from disk. */
export function countInIndexedDb(page: Page, userKey: string, table: string): Promise<number> {
  return readIndexedDb(page, userKey, table) as Promise<number>;
}

/** One record of a user's IndexedDB store, read straight from IndexedDB (undefined when absent). */
export function readFromIndexedDb<T = any>(
  page: Page,
  userKey: string,
  table: string,
  key: string | number | string[],
): Promise<T | undefined> {
  return readIndexedDb(page, userKey, table, key) as Promise<T | undefined>;
}

/** The sync indicator's status: synced, pending, offline or failed. */
export const syncStatus = (page: Page) => page.getByTestId('sync-state').getAttribute('data-status');
