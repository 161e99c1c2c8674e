import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The sign-in page in the light and the dark scheme, following the system's. Run with
 * CASELOAD_UPDATE_SCREENSHOTS=true to refresh docs/screenshots/.
 */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it.each(['light', 'dark'] as const)('renders the sign-in page in the %s scheme', async (colorScheme) => {
  const context = await newContext(browser, t.url, { colorScheme, viewport: { width: 1024, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(colorScheme);
    await saveScreenshot(page, `sign-in-${colorScheme}`, { keep: true });
  } finally {
    await context.close();
  }
});
