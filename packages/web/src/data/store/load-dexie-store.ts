/**
 * The IndexedDB store's code (dexie-store.ts and Dexie itself), fetched as a chunk of its own;
 * the promise is kept, so every data layer of the page (one per signed-in account) shares the one
 * download.
 *
 * The fetch waits until the signed-in shell has painted (`allowStoreOpen`, called by
 * DataLayerProvider after its first commit): fetching and evaluating Dexie before that delayed the
 * shell's first screen, whose text does not need the store (docs/performance.md, "The shell's data
 * as transitions"). Calls on the store made meanwhile wait for it (store/deferred-store.ts). Should
 * no provider ever mount (a page that only signs out, say), the fetch starts on its own after
 * STORE_OPEN_FALLBACK_MS.
 */
let loading: Promise<typeof import('./dexie-store.ts')> | undefined;

const STORE_OPEN_FALLBACK_MS = 2_000;
let allow: () => void = () => undefined;
const allowed = new Promise<void>((resolve) => (allow = resolve));

/** The shell has painted: the store's code may be fetched now. */
export function allowStoreOpen(): void {
  allow();
}

export function loadDexieStore(): Promise<typeof import('./dexie-store.ts')> {
  if (!loading) {
    loading = allowed.then(() => import('./dexie-store.ts'));
    // A failed fetch (offline with no service worker yet, a build replaced) may be tried again.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

// Where IndexedDB exists (browsers, not the unit tests), start at the latest after the fallback.
if (typeof indexedDB !== 'undefined') setTimeout(allowStoreOpen, STORE_OPEN_FALLBACK_MS);
