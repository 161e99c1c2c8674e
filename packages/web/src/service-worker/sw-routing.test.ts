import { describe, expect, it } from 'vitest';
import { cacheNameFor, isStaleCache, routeRequest } from './sw-routing.ts';

const ORIGIN = 'https://caseload.example';
const precached = new Set(['/assets/index-abc.js', '/assets/index-abc.css', '/favicon.svg']);
const route = (path: string, init: { method?: string; mode?: string; origin?: string } = {}) =>
  routeRequest({ method: init.method ?? 'GET', mode: init.mode ?? 'cors', url: new URL(path, init.origin ?? ORIGIN) }, ORIGIN, precached);

describe('what the service worker does with a request', () => {
  it('leaves the API alone, whatever the method or mode', () => {
    expect(route('/api/v1/auth/session')).toBe('network');
    expect(route('/api/v1/practices/p/Notes', { method: 'PUT' })).toBe('network');
    expect(route('/api/v1/practices/p/Notes/123', { mode: 'navigate' })).toBe('network');
    expect(route('/api')).toBe('network');
  });

  it('answers page loads network first (with the cached page offline), on every app address', () => {
    expect(route('/', { mode: 'navigate' })).toBe('page');
    expect(route('/patients/123?tab=notes', { mode: 'navigate' })).toBe('page');
    expect(route('/sign-in', { mode: 'navigate' })).toBe('page');
  });

  it("answers this build's files from the cache, and nothing else", () => {
    expect(route('/assets/index-abc.js')).toBe('cached');
    expect(route('/favicon.svg')).toBe('cached');
    expect(route('/assets/index-old.js')).toBe('network');
    expect(route('/assets/index-abc.js', { method: 'POST' })).toBe('network');
    expect(route('/assets/index-abc.js', { origin: 'https://cdn.example' })).toBe('network');
    // An API path that looks like a file is still the API's.
    expect(route('/apis.js')).toBe('network');
  });

  it("names caches by build and deletes only earlier builds' caches", () => {
    const current = cacheNameFor('v2');
    expect(isStaleCache(cacheNameFor('v1'), current)).toBe(true);
    expect(isStaleCache(current, current)).toBe(false);
    expect(isStaleCache('someone-elses-cache', current)).toBe(false);
  });
});
