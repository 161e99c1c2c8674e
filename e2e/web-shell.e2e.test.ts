import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { upsertMembership } from '../packages/server/src/identity/account-store.ts';
import { WEB_DIST } from '../packages/server/src/routes/web.routes.ts';
import { WARM_UP_DELAY_MS } from '../packages/web/src/ui/warm-up.ts';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The application shell of issue 4 in Debian's Chromium against the real server: the variant each
 * kind of browser gets, the navigation to every feature area, the practice switcher, the
 * preferences stored in PersonalPreferences, and screenshots of the shell (light and dark,
 * desktop and phone). Run with CASELOAD_UPDATE_SCREENSHOTS=true to refresh docs/screenshots/.
 */

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  oldChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: UA.iphone };

const AREA_HEADINGS = [
  'Dashboard',
  'Patients',
  'Notes',
  'Assessments & documentation',
  'Scribe sessions',
  'Care plans',
  'Appointments',
  'Messages',
  'Forms & packets',
  'Scribbles',
  'Snippets & speech rules',
  'Signature configurations',
  'Itineraries',
  'Reports',
  'Compliance & note audits',
  'Audit trail',
  'Clinical document import',
  'Administration',
];

/** Areas whose feature is built head their page with its own title rather than the area's. */
const BUILT_AREA_HEADINGS: Record<string, string> = {
  Notes: 'My notes',
  'Forms & packets': 'Forms & questionnaires',
  Appointments: 'Schedule',
};

let t: TestServer;
let browser: Browser;
let clinician: TestUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  clinician = await t.createUser({ roles: ['Practitioner'] });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function open(options: Parameters<typeof newContext>[2] = {}): Promise<Page> {
  const context = await newContext(browser, t.url, { userAgent: UA.chrome, ...options });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(user: TestUser, options: Parameters<typeof newContext>[2] = {}, path = '/'): Promise<Page> {
  const page = await open(options);
  await page.goto(`/sign-in?next=${encodeURIComponent(path)}`);
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await page.waitForURL((url) => url.pathname === path);
  return page;
}

const scripts = (page: Page) => {
  const loaded: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && loaded.push(new URL(r.url()).pathname));
  return loaded;
};

describe('variants', () => {
  it('gives a supported desktop browser the default shell, with no notice', async () => {
    const page = await signedIn(clinician);
    await expectSignedInAs(page, clinician.email);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Patients' }).waitFor();
    // A practitioner is not offered what their roles cannot reach.
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.variant)).toBe('default');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('tells an unsupported browser which browsers are supported, lets it carry on, and remembers that', async () => {
    const page = await open({ userAgent: UA.oldChrome });
    await page.goto('/sign-in');
    const notice = page.getByRole('dialog', { name: "Your browser isn't supported" });
    await notice.waitFor();
    await saveScreenshot(page, 'unsupported-browser-light');
    const supported = await notice.getByRole('list', { name: 'Supported browsers' }).getByRole('listitem').allTextContents();
    expect(supported).toEqual([
      'Microsoft Edge 137 or newer',
      'Mozilla Firefox 140 or newer',
      'Google Chrome or Chromium 138 or newer',
      'Safari 18.4 or newer on a Mac or an iPhone',
    ]);
    await notice.getByRole('button', { name: 'Continue anyway' }).click();
    await notice.waitFor({ state: 'hidden' });
    await signInThroughPage(page, clinician.email, TEST_PASSWORD);
    await expectSignedInAs(page, clinician.email);
    await page.reload();
    await expectSignedInAs(page, clinician.email);
    expect(await notice.count()).toBe(0);
  });

  it('gives a phone the mobile shell: a bottom bar with large targets, and every other area under More', async () => {
    const page = await open(PHONE);
    const loaded = scripts(page);
    await page.goto('/sign-in');
    await signInThroughPage(page, clinician.email, TEST_PASSWORD);
    const bar = page.getByRole('navigation', { name: 'Main navigation' });
    await bar.getByRole('link', { name: 'Home' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.variant)).toBe('mobile');
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Home', 'Patients', 'Notes', 'Schedule']);
    for (const target of await bar.getByRole('link').all()) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThanOrEqual(48);
    }
    await bar.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('dialog', { name: 'All areas' });
    await more.getByRole('link', { name: 'Messages' }).waitFor();
    await saveScreenshot(page, 'shell-mobile-more-light');
    await more.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(
      loaded.some((s) => s.includes('DefaultVariant-')),
      'default variant loaded on a phone',
    ).toBe(false);
    expect(loaded.some((s) => s.includes('LegacyVariant-'))).toBe(false);
  });

  it('gives desktop Internet Explorer a plain page saying which browsers can run Caseload, without React', async () => {
    const page = await open({ userAgent: UA.ie11 });
    const loaded = scripts(page);
    await page.goto('/');
    await page.getByRole('heading', { name: "This browser can't run Caseload" }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(4);
    expect(
      loaded.filter((s) => s.startsWith('/assets/')).every((s) => /\/(index|LegacyVariant)-/.test(s)),
      loaded.join(' '),
    ).toBe(true);
  });
});

describe('the default shell', () => {
  it('reaches every feature area from the navigation, each with its page or empty state, by keyboard too', async () => {
    // Between them these two roles reach every area.
    const supervisor = await t.createUser({ roles: ['Supervisor', 'Administrative'] });
    const page = await signedIn(supervisor);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link').count()).toBe(AREA_HEADINGS.length);
    for (const name of AREA_HEADINGS) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: BUILT_AREA_HEADINGS[name] ?? name, exact: true }).waitFor();
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
    }

    // The first Tab stop skips past the navigation to the page.
    await page.goto('/notes');
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await saveScreenshot(page, 'shell-skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // From the top, every stop has an accessible name and a visible focus ring.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
          outline: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        };
      });
      expect(stop.name, `tab stop ${i}`).not.toBe('');
      expect(stop.outline, `focus ring on ${stop.name}`).toBe(true);
    }
    await saveScreenshot(page, 'shell-keyboard-focus');
  });

  it('switches between the practices the account belongs to, offering what each role reaches', async () => {
    const second = `t-second-${Date.now().toString(36)}`;
    expect((await t.request('POST', `/api/v1/database/${second}`)).status).toBe(204);
    const profile = await t.request('POST', `/api/v1/practices/${second}/Practitioners`, { body: { display: 'Second practice admin' } });
    const user = await t.createUser({ roles: ['Practitioner'] });
    await upsertMembership(t.server.app.db.pool, {
      accountId: user.accountId,
      practiceId: second,
      profileType: 'Practitioner',
      profileId: profile.body.id,
      roles: ['Administrative'],
    });

    const page = await signedIn(user);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Notes' }).waitFor();
    expect(await page.getByTestId('current-practice').textContent()).toBe(t.practiceId);

    await page.getByRole('button', { name: /Switch practice/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(second) }).click();
    await nav.getByRole('link', { name: 'Administration' }).waitFor();
    expect(await page.getByTestId('current-practice').textContent()).toBe(second);
    expect(await nav.getByRole('link', { name: 'Notes' }).count()).toBe(0);
    // The user menu names the profile of the practice now in use.
    await page.getByRole('button', { name: 'Account: Second practice admin' }).waitFor();

    // The choice is remembered on this device.
    await page.reload();
    await nav.getByRole('link', { name: 'Administration' }).waitFor();
    expect(await page.getByTestId('current-practice').textContent()).toBe(second);
  });

  it(
    'opens a practice for the internal administrator, whose dashboard ' + "shows that practice's notes, and switches among every practice",
    async () => {
      // An associate with no profile anywhere: it works in the practices its role views (ViewAllPractices).
      const session = (await t.admin.request('GET', '/api/v1/auth/session')).body;
      const admin = { email: session.account.email } as TestUser;
      const other = `t-viewed-${Date.now().toString(36)}`;
      expect((await t.request('POST', `/api/v1/database/${other}`)).status).toBe(204);
      // Practices are offered by name where they have one (its provider organization's here).
      const otherName = `Viewed Practice ${other.slice(-4)}`;
      expect(
        (await t.request('POST', `/api/v1/practices/${other}/Organizations`, { body: { name: otherName, kind: 'Provider' } })).status,
      ).toBe(201);

      const page = await signedIn(admin);
      // The first practice of the session's list opens, and the dashboard's lists finish loading.
      const { practices, practiceNames } = (await t.admin.request('GET', '/api/v1/auth/session')).body.account;
      // A practice shows by its name where it has one (other tests of the run may name one), else by its id.
      const shown = (id: string): string => (practiceNames as Record<string, string> | null)?.[id] ?? id;
      expect(await page.getByTestId('current-practice').textContent()).toBe(shown(practices[0]));
      const overview = page.getByRole('region', { name: 'Notes in this practice' });
      await overview.getByTestId('practice-notes-unsigned').waitFor();
      expect(await page.getByRole('status', { name: /^Loading/ }).count()).toBe(0);
      await saveScreenshot(page, 'dashboard-internal-administrator');

      await page.getByRole('button', { name: /Switch practice/ }).click();
      await page.getByRole('menuitem', { name: new RegExp(`^${shown(t.practiceId)}`) }).click();
      expect(await page.getByTestId('current-practice').textContent()).toBe(shown(t.practiceId));
      await overview.getByTestId('practice-notes-unsigned').waitFor();
      await page.getByRole('button', { name: /Switch practice/ }).click();
      await page.getByRole('menuitem', { name: new RegExp(`^${otherName}`) }).click();
      expect(await page.getByTestId('current-practice').textContent()).toBe(otherName);
      expect(await overview.getByTestId('practice-notes-unsigned').textContent()).toBe('0');
    },
  );

  it('shows the 100-pixel cat instead of the spinner on 1 April', async () => {
    const page = await open();
    await page.clock.setFixedTime(new Date(2026, 3, 1, 9, 30));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/sign-in');
    const cat = page.getByRole('status', { name: 'Loading' }).getByTestId('loading-cat');
    await cat.waitFor();
    expect(await cat.getAttribute('width')).toBe('100');
    release();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });
});

/**
 * The built files only the header's menus and tooltip need (Mantine's Menu, Popover, Tooltip,
 * floating-ui, the focus trap, the portal): what their modules import, less what the first screen
 * imports anyway. Read from the build's manifest, so no chunk name is guessed.
 */
function headerMenuFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string; imports?: string[]; isEntry?: boolean }
  >;
  const withImports = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const firstScreen = withImports(
    Object.keys(manifest).filter((k) => manifest[k]!.isEntry || /\/(SignedInShell|DefaultVariant|MobileVariant)\.tsx$/.test(k)),
  );
  // ui/Tooltip.tsx is imported statically by feature pages too (IconButton), so Rolldown puts it in
  // a shared chunk named after it rather than in an entry of its own.
  const chunkOf = (src: string, name: string) =>
    Object.keys(manifest).find((k) => k === src || (k.startsWith('_') && manifest[k]!.name === name));
  const roots = [
    ['src/features/shell/components/UserMenuDropdown.tsx', 'UserMenuDropdown'],
    ['src/features/practice/components/PracticeSwitcherDropdown.tsx', 'PracticeSwitcherDropdown'],
    ['src/ui/Tooltip.tsx', 'Tooltip'],
  ].map(([src, name]) => {
    const key = chunkOf(src!, name!);
    expect(key, `the build's chunk of ${src}`).toBeDefined();
    return key!;
  });
  const menus = withImports(roots);
  return [...menus].filter((k) => !firstScreen.has(k)).map((k) => `/${manifest[k]!.file}`);
}

describe('header menus on first use', () => {
  it('fetches the menus and the tooltip only with the warm-ups after the first screen', async () => {
    const files = headerMenuFiles();
    // The three dropdown/tooltip modules and the popover machinery they share.
    expect(files.length, files.join(' ')).toBeGreaterThanOrEqual(4);
    const page = await signedIn(clinician);
    await page.reload();
    await expectSignedInAs(page, clinician.email);
    await page.waitForFunction(
      (wanted) => wanted.every((f) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === f)),
      files,
      { timeout: 20_000 },
    );
    const afterLoad = await page.evaluate((wanted) => {
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((e) => wanted.includes(new URL(e.name).pathname))
        .map((e) => ({ file: new URL(e.name).pathname, ms: Math.round(e.startTime - load) }));
    }, files);
    for (const { file, ms } of afterLoad) expect(ms, `${file} requested ${ms} ms after load`).toBeGreaterThanOrEqual(WARM_UP_DELAY_MS);
  });

  // A size, not a time: a dashboard card imported through its feature's index once brought the note
  // editor, the scribe and the kiosk into the first screen (docs/performance.md, "Initial JavaScript").
  it('loads the landing page with at most 250 KB of compressed script before the warm-ups', async () => {
    const page = await signedIn(clinician);
    await page.reload();
    await expectSignedInAs(page, clinician.email);
    await page.waitForLoadState('load');
    const scripts = await page.evaluate(() => {
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' || /\.js$/.test(new URL(e.name).pathname))
        .filter((e) => e.startTime <= load)
        .map((e) => ({ file: new URL(e.name).pathname, bytes: e.encodedBodySize }));
    });
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect(scripts.length).toBeGreaterThan(2);
    expect(total, scripts.map((s) => `${s.file} ${s.bytes}`).join('\n')).toBeLessThanOrEqual(250 * 1024);
  });

  it('opens the user menu by keyboard alone on a fresh load, before its code is there, and returns focus on Escape', async () => {
    const page = await signedIn(clinician);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/UserMenuDropdown-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expectSignedInAs(page, clinician.email);
    const trigger = page.getByRole('button', { name: /^Account:/ });
    expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    const focused = () =>
      page.evaluate(() => ({
        text: document.activeElement?.textContent?.trim(),
        inMenu: !!document.activeElement?.closest('[role="menu"]'),
      }));

    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    // The code is still on its way: no menu yet, and no second key press will be needed.
    await page.waitForTimeout(300);
    expect(await menu.count()).toBe(0);
    release();
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    // Focus goes into the menu, as Mantine does; the arrows move between its items.
    await expect.poll(async () => (await focused()).inMenu).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect((await focused()).text).toBe('Preferences');
    await page.keyboard.press('ArrowDown');
    expect((await focused()).text).toBe("Where you're signed in");
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // Loaded now: ArrowDown on the trigger opens it too, and Enter on an item acts on it.
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await expect.poll(async () => (await focused()).inMenu).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Preferences' }).waitFor();
  });
});

describe('preferences', () => {
  it('keeps the dark scheme and large font across a reload and a new sign-in, stored in PersonalPreferences', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const page = await signedIn(user);
    await expectSignedInAs(page, user.email);
    const look = () =>
      page.evaluate(() => ({ scheme: document.documentElement.dataset.mantineColorScheme, zoom: document.documentElement.style.zoom }));
    expect(await look()).toEqual({ scheme: 'light', zoom: '' });

    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferences' });
    await dialog.getByRole('radiogroup', { name: 'Colour scheme' }).getByText('Dark').click();
    await dialog.getByRole('radiogroup', { name: 'Font size' }).getByText('Large').click();
    expect(await look()).toEqual({ scheme: 'dark', zoom: '1.25' });
    await saveScreenshot(page, 'preferences-dark-large');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/PersonalPreferences') && r.request().method() !== 'GET' && !r.url().endsWith('/queries'),
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect((await saved).ok()).toBe(true);

    const stored = await user.client.request('POST', t.practiceUrl('PersonalPreferences/queries'), { body: [] });
    expect(stored.body).toEqual([
      expect.objectContaining({ colorScheme: 'dark', fontSize: 'Large', owner: expect.objectContaining(user.profile) }),
    ]);

    // Every scheme the page shows while it loads, from the first script on.
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { schemesSeen: typeof seen }).schemesSeen = seen;
      // On the document: its root element may not be parsed yet.
      new MutationObserver((changes) =>
        changes.forEach((c) => c.target === document.documentElement && seen.push(document.documentElement.getAttribute(c.attributeName!))),
      ).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-mantine-color-scheme'],
      });
    });
    await page.reload();
    // Applied before the app loads, from this device's copy.
    expect(await look()).toEqual({ scheme: 'dark', zoom: '1.25' });
    await expectSignedInAs(page, user.email);
    // Never a light frame on the way: not before the app, nor while it mounts.
    const schemesSeen = await page.evaluate(() => (window as unknown as { schemesSeen: string[] }).schemesSeen);
    expect(schemesSeen.length).toBeGreaterThan(0);
    expect(new Set(schemesSeen)).toEqual(new Set(['dark']));
    await saveScreenshot(page, 'shell-dark-large', { keep: true });

    // A new browser has no copy: the look comes from the server after signing in.
    const elsewhere = await signedIn(user);
    await expectSignedInAs(elsewhere, user.email);
    await expect
      .poll(() => elsewhere.evaluate(() => [document.documentElement.dataset.mantineColorScheme, document.documentElement.style.zoom]))
      .toEqual(['dark', '1.25']);
  });
});

describe('screenshots', () => {
  it.each(['light', 'dark'] as const)('of the default shell in the %s scheme', async (colorScheme) => {
    const page = await signedIn(clinician, { colorScheme, viewport: { width: 1280, height: 800 } }, '/patients');
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
    await expectSignedInAs(page, clinician.email);
    await saveScreenshot(page, `shell-${colorScheme}`, { keep: true });
  });

  it.each(['light', 'dark'] as const)('of the mobile shell in the %s scheme', async (colorScheme) => {
    const page = await signedIn(clinician, { ...PHONE, colorScheme }, '/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await saveScreenshot(page, `shell-mobile-${colorScheme}`, { keep: true });
  });
});
