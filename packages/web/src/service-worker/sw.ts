/**
 * Caseload's service worker (served as /sw.js; vite.config.ts puts this build's file list where
 * `self.__CASELOAD_PRECACHE__` is read). Lets the app start offline: at install it caches the
 * build (the page, every script and stylesheet, the public files) under a name carrying the
 * build's version; at activation it drops every earlier build's cache and takes over open pages.
 * It never touches /api: patient data is the data layer's (IndexedDB), and the write queue must see
 * a failed request as failed. Navigations go to the network first, so a deployed build reaches
 * users on their next load; a page still running an older build meets the stale-build screen as
 * before, once its build's cache is gone.
 *
 * A classic worker script (no import or export left after bundling): module service workers are
 * newer than Firefox 140, which Caseload supports.
 */
import { cacheNameFor, isStaleCache, PAGE_KEY, routeRequest } from './sw-routing.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
interface Precache {
  version: string;
  files: string[];
}

const worker = self as unknown as WorkerScope & { __CASELOAD_PRECACHE__: Precache };
const { version, files } = worker.__CASELOAD_PRECACHE__;
const CACHE = cacheNameFor(version);
const precached = new Set(files);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: past the HTTP cache, so the files are this build's even right after a deploy.
      await cache.addAll([PAGE_KEY, ...files].map((file) => new Request(file, { cache: 'reload' })));
      // A new build's worker takes over at once: the pages it serves are network-first anyway.
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all((await caches.keys()).filter((name) => isStaleCache(name, CACHE)).map((name) => caches.delete(name)));
      // The page's request leaves while the worker starts, rather than after.
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const route = routeRequest({ method: request.method, mode: request.mode, url: new URL(request.url) }, worker.location.origin, precached);
  if (route === 'page') event.respondWith(page(event));
  else if (route === 'cached') event.respondWith(cached(request));
});

async function page(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch (error) {
    const stored = await caches.match(PAGE_KEY, { cacheName: CACHE });
    if (stored) return stored;
    throw error;
  }
}

async function cached(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}
