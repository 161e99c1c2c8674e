import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); Playwright downloads no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs`: a test's own switches (the fake microphone fed with a file, e2e/support/scribe-audio.ts). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/**
 * The browser's own time zone in every test: never a practice's (test practices keep New York,
 * the demo Los Angeles), and with no DST and a date line away from both, so a time or a date
 * taken from the browser's clock instead of the practice's shows as wrong in any test that reads
 * it (docs/architecture.md, "One time zone").
 */
export const BROWSER_TIME_ZONE = 'Asia/Tokyo';

/**
 * A fresh browser profile (no cookies) on the server, desktop-sized, in BROWSER_TIME_ZONE, unless told otherwise.
 *
 * Service workers are blocked unless a test asks for them (`serviceWorkers: 'allow'`, as the
 * offline tests do): the app's worker answers the build's files from its cache, which a test's
 * `page.route` never sees, and a test must drive the build it just made, not a cached one.
 */
export function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: BROWSER_TIME_ZONE,
    serviceWorkers: 'block',
    ...options,
  });
}
