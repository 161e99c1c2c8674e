import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { saveScreenshot } from './support/web-app.ts';

/** How the server serves the built client, and which variant each kind of browser gets. */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

describe('serving the web client', () => {
  it('answers every app path with the page, never cached, and sets the XSRF cookie', async () => {
    for (const path of ['/', '/sign-in', '/reset-password?token=x', '/patients/123/notes']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('set-cookie')).toContain('XSRF-TOKEN=');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets for a year, compressed when the browser accepts it', async () => {
    const page = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    const plain = await get(script, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    // fetch decodes what it asked for; the body must be the same script either way.
    const brotli = await get(script, { 'accept-encoding': 'br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe(text);
    const revalidated = await get(script, { 'if-none-match': plain.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
  });

  it('answers a missing asset, an unknown file and an unknown API path with a 404, not the page', async () => {
    for (const path of ['/assets/index-gone.js', '/nothing-here.png', '/api/v2/anything', '/api']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('never serves files outside the build', async () => {
    for (const path of ['/assets/..%2F..%2Fpackage.json', '/..%2Fpackage.json', '/assets/%2e%2e/%2e%2e/vite.config.ts']) {
      const response = await get(path);
      expect(await response.text(), path).not.toContain('"@caseload/web"');
      expect(response.status, path).not.toBe(200);
    }
  });
});

describe('variants', () => {
  const cases = [
    ['default', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', 'Sign in'],
    [
      'mobile',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 ' +
        '(KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
      'Sign in',
    ],
    ['legacy', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', "This browser can't run Caseload"],
  ] as const;

  it.each(cases)('loads only the %s variant for its user agent', async (variant, userAgent, heading) => {
    const context = await newContext(browser, t.url, {
      userAgent,
      ...(variant === 'mobile' ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    });
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      await page.goto('/sign-in');
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.variant)).toBe(variant);
      const others = cases.map(([v]) => v).filter((v) => v !== variant);
      for (const other of others) {
        const chunk = `${other[0]!.toUpperCase()}${other.slice(1)}Variant-`;
        expect(
          scripts.some((s) => s.includes(chunk)),
          `${chunk} loaded for ${variant}`,
        ).toBe(false);
      }
      if (variant !== 'default') await saveScreenshot(page, `sign-in-${variant}-light`);
    } finally {
      await context.close();
    }
  });
});
