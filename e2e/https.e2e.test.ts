import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../packages/server/src/config.ts';
import { startServer, type RunningServer } from '../packages/server/src/server.ts';
import { TEST_PASSWORD } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, REPO_ROOT, signInThroughPage } from './support/web-app.ts';

/**
 * The app over HTTPS and HTTP/2 (CASELOAD_TLS_CERT, CASELOAD_TLS_KEY), as a deployment serves it:
 * the page, its chunks (precompressed, with the page's hints) and the API all come over HTTP/2 on
 * one connection, and signing in works with the Secure cookies. The certificate is the test one
 * of packages/server/test/fixtures/tls, which this browser is told to accept.
 */

const TLS_DIR = path.join(REPO_ROOT, 'packages/server/test/fixtures/tls');
const ADMIN = 'https-admin@test.caseload';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-https-'));
  const config = loadConfig({ CASELOAD_TLS_CERT: path.join(TLS_DIR, 'localhost-cert.pem'), CASELOAD_TLS_KEY: path.join(TLS_DIR, 'localhost-key.pem') });
  [server, browser] = await Promise.all([
    startServer({ ...config, port: 0, databaseUrl: inject('databaseUrl'), dataDir, adminEmail: ADMIN, adminPassword: TEST_PASSWORD }, { log: () => {} }),
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
        const entries = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
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
