/**
 * The IndexedDB store's code (dexie-store.ts and Dexie itself), fetched as a chunk of its own.
 * The fetch starts as soon as the data layer's module is evaluated, so it runs in parallel with
 * the signed-in shell's own chunks instead of after them; the promise is kept, so every data
 * layer of the page (one per signed-in account) shares the one download.
 */
let loading: Promise<typeof import('./dexie-store.ts')> | undefined;

export function loadDexieStore(): Promise<typeof import('./dexie-store.ts')> {
  if (!loading) {
    loading = import('./dexie-store.ts');
    // A failed fetch (offline with no service worker yet, a build replaced) may be tried again.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

// Where IndexedDB exists (browsers, not the unit tests), start the download now.
if (typeof indexedDB !== 'undefined') loadDexieStore().catch(() => undefined);
