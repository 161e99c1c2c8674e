import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningServer } from '../packages/server/src/server.ts';
import { TEST_PASSWORD } from '../packages/server/test/harness.ts';
import { startTlsServer } from '../packages/server/test/tls-fixture.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, signInThroughPage } from './support/web-app.ts';

/**
 * The app over HTTPS and HTTP/2 (CASELOAD_TLS_CERT, CASELOAD_TLS_KEY), as a deployment serves it:
 * the page, its chunks (precompressed, with the page's hints) and the API all come over HTTP/2 on
 * one connection, and signing in works with the Secure cookies. The certificate is the test one
 * of packages/server/test/fixtures/tls, which this browser is told to accept.
 */

const ADMIN = 'https-admin@test.caseload';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTlsServer(inject('databaseUrl'), { email: ADMIN, password: TEST_PASSWORD }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('over HTTPS', () => {
  it('loads the sign-in page and every file over HTTP/2, and signs in', async () => {
    expect(server.url).toMatch(/^https:/);
    const context = await newContext(browser, server.url, { ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      await page.goto('/sign-in');
      await signInThroughPage(page, ADMIN, TEST_PASSWORD);
      await expectSignedInAs(page, ADMIN);
      const protocols = await page.evaluate(() => {
        const entries = [
          performance.getEntriesByType('navigation')[0],
          ...performance.getEntriesByType('resource'),
        ] as PerformanceResourceTiming[];
        return entries.map((e) => ({ url: new URL(e.name).pathname, protocol: e.nextHopProtocol }));
      });
      expect(protocols.filter((p) => /^\/assets\/.+\.js$/.test(p.url)).length).toBeGreaterThan(5);
      expect(protocols.some((p) => p.url.startsWith('/api/'))).toBe(true);
      for (const p of protocols) expect(p, p.url).toEqual({ url: p.url, protocol: 'h2' });
    } finally {
      await context.close();
    }
  });
});
