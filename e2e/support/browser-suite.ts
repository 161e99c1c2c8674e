import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Config } from '../../packages/server/src/config.ts';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../../packages/server/test/harness.ts';
import { launchChromium, newContext } from './chromium.ts';
import { expectSignedInAs, signInThroughPage } from './web-app.ts';

/** How a test wants to be signed in. */
export interface SignInOptions {
  /** Where the sign-in leads (`/sign-in?next=...`); the shell's home by default. */
  path?: string;
  password?: string;
  /** The browser profile's options: colour scheme, service workers, permissions. */
  context?: BrowserContextOptions;
}

/** What a browser test file works with; `t` and `browser` are there from its first test on. */
export interface BrowserSuite {
  /** The real server of this file (its own practice), as the harness started it. */
  readonly t: TestServer;
  readonly browser: Browser;
  /** A fresh browser profile on the server, closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh profile, closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /**
   * A page in a fresh profile, signed in through the sign-in page as a person would, once the
   * shell shows the user's e-mail (and, with `path`, is on that page). `page.context()` is its
   * profile, to take offline or route.
   */
  signedIn(user: TestUser | string, options?: SignInOptions): Promise<Page>;
}

/**
 * Starts the real server and Chromium once for the test file (before its first test), closes
 * every profile a test opened after that test, and both at the end. `env` is read when the server
 * starts, after the file's earlier `beforeAll` hooks (a mail capture's address, say); so is
 * `chromiumArgs` when the browser launches (a fake microphone's file, made by an earlier hook).
 */
export function useBrowserSuite(options: { env?: () => Partial<Config>; chromiumArgs?: () => readonly string[] } = {}): BrowserSuite {
  let started: { t: TestServer; browser: Browser } | undefined;
  const contexts: BrowserContext[] = [];
  const running = () => {
    if (!started) throw new Error('the browser suite starts in beforeAll: use it inside a test or hook');
    return started;
  };

  beforeAll(async () => {
    const [t, browser] = await Promise.all([startTestServer({ env: options.env?.() }), launchChromium(options.chromiumArgs?.())]);
    started = { t, browser };
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.t.close();
  });

  const suite: BrowserSuite = {
    get t() {
      return running().t;
    },
    get browser() {
      return running().browser;
    },
    async newContext(contextOptions = {}) {
      const context = await newContext(running().browser, running().t.url, contextOptions);
      contexts.push(context);
      return context;
    },
    async newPage(contextOptions = {}) {
      return (await suite.newContext(contextOptions)).newPage();
    },
    async signedIn(user, { path, password = TEST_PASSWORD, context } = {}) {
      const email = typeof user === 'string' ? user : user.email;
      const page = await suite.newPage(context);
      await page.goto(path ? `/sign-in?next=${encodeURIComponent(path)}` : '/sign-in');
      await signInThroughPage(page, email, password);
      if (path) await page.waitForURL((url) => url.pathname === path);
      await expectSignedInAs(page, email);
      return page;
    },
  };
  return suite;
}
