import type { generatePatch } from '@caseload/core';
import { NetworkError } from '../../api/index.ts';

let loading: Promise<typeof generatePatch> | undefined;
let loaded: typeof generatePatch | undefined;

/**
 * Core's `generatePatch` and fast-json-patch, fetched as a chunk of their own the first time a
 * write is queued (or sent, after a reload), not with the page's first JavaScript: a page that only
 * reads never needs them. Later calls get the loaded function at once. A failed fetch is a
 * {@link NetworkError}, so the queue retries the write as it would after any lost connection
 * (never a refusal), and the next call fetches again.
 */
export function loadPatchGenerator(): Promise<typeof generatePatch> {
  if (!loading) {
    loading = import('./patch-generator.ts').then(
      (module) => (loaded = module.generatePatch),
      (error: unknown) => {
        loading = undefined;
        throw new NetworkError(error);
      },
    );
  }
  return loading;
}

/**
 * The function once loaded, else undefined: the drain takes it without an `await`, so sending a
 * write costs no extra turn of the event loop after the first.
 */
export const loadedPatchGenerator = (): typeof generatePatch | undefined => loaded;
