/**
 * What the service worker does with a request: the decision alone, without the worker's globals,
 * so it can be tested as a plain function.
 *
 * - `page`: a navigation (the user opening any address of the app): the network first, so a new
 *   build is picked up on the next load whenever the server can be reached; the cached page only
 *   when it cannot (offline start).
 * - `cached`: a file of this build (hashed names never change content) or of public/: from the
 *   cache, from the network when missing.
 * - `network`: everything else, untouched; above all the API, whose answers are patient data and
 *   live in the data layer's own store, never in a cache.
 */
export type SwRoute = 'page' | 'cached' | 'network';

export interface SwRequest {
  method: string;
  /** `navigate` for a page load. */
  mode: string;
  url: URL;
}

/** The address the app's page is cached under. */
export const PAGE_KEY = '/index.html';

export function routeRequest(request: SwRequest, scopeOrigin: string, precached: ReadonlySet<string>): SwRoute {
  if (request.method !== 'GET' || request.url.origin !== scopeOrigin) return 'network';
  const path = request.url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return 'network';
  if (request.mode === 'navigate') return 'page';
  return precached.has(path) ? 'cached' : 'network';
}

/** This build's cache: named by its version, so an activation can drop every other build's. */
export const cacheNameFor = (version: string) => `caseload-app-${version}`;

/** Caches this worker may delete: earlier builds' (never another app's on the same origin). */
export const isStaleCache = (name: string, current: string) => name.startsWith('caseload-app-') && name !== current;
