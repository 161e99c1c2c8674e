import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.ts';
import { expectSignedInAs } from './support/web-app.ts';

/**
 * The page names the first screen's files itself (packages/server/src/routes/page-hints.ts): the
 * chunks of the variant the entry will pick, from the User-Agent, and the signed-in shell's when
 * the request's session cookie is a valid session. Checked over HTTP against the real server and
 * the built client, and in Chromium, where the shell's chunk must come from that hint.
 */

const suite = useBrowserSuite();

const USER_AGENTS = {
  default: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
  legacy: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
} as const;

const getPage = (userAgent: string, headers: Record<string, string> = {}) =>
  fetch(`${suite.t.url}/`, { headers: { 'user-agent': userAgent, ...headers } });

/** The files the page hints, by kind. */
async function hintsOf(response: Response) {
  const html = await response.text();
  const hrefs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  return {
    html,
    // Low priority: none of them is needed for the first paint (page-hints.ts says why).
    scripts: hrefs(/<link rel="preload" as="script" crossorigin fetchpriority="low" href="([^"]+)">/g),
    styles: hrefs(/<link rel="preload" as="style" crossorigin fetchpriority="low" href="([^"]+)">/g),
    links: hrefs(/<link (rel="(?:modulepreload|preload)"[^>]*)>/g),
  };
}

const has = (files: string[], chunk: string) => files.some((f) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(f));

/** A session cookie header of a signed-in user of the suite's practice. */
async function sessionCookie(): Promise<string> {
  const user = await suite.t.createUser({ roles: ['Administrative'] });
  return [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('the page hints the first screen', () => {
  it("signed out: the variant's chunks and stylesheets for its user agent, not the shell's", async () => {
    for (const [variant, other] of [
      ['default', 'Mobile'],
      ['mobile', 'Default'],
    ] as const) {
      const response = await getPage(USER_AGENTS[variant]);
      expect(response.status).toBe(200);
      const { scripts, styles } = await hintsOf(response);
      const own = `${variant[0]!.toUpperCase()}${variant.slice(1)}Variant`;
      expect(has(scripts, own), `${own} hinted`).toBe(true);
      // The React application the variant mounts is in the chunk both variants share
      // (packages/web/build/first-screen-chunks.ts): it is named too.
      expect(has(scripts, 'variant'), "the variants' shared chunk hinted").toBe(true);
      expect(has(scripts, `${other}Variant`), `${other}Variant hinted for ${variant}`).toBe(false);
      expect(has(scripts, 'SignedInShell'), 'shell hinted signed out').toBe(false);
      expect(styles.length).toBeGreaterThan(0);
      // Every hinted file is one the server has.
      for (const file of [...scripts, ...styles]) expect((await fetch(`${suite.t.url}${file}`)).status, file).toBe(200);
    }
  });

  it('hints nothing for the legacy page, which loads no module', async () => {
    const { html, scripts, styles } = await hintsOf(await getPage(USER_AGENTS.legacy));
    expect(html).toContain('<div id="root"></div>');
    expect([...scripts, ...styles]).toEqual([]);
  });

  it("signed in: the shell's chunks too; a forged or ended session gets none", async () => {
    const cookie = await sessionCookie();
    const signedIn = await hintsOf(await getPage(USER_AGENTS.mobile, { cookie }));
    expect(has(signedIn.scripts, 'MobileVariant')).toBe(true);
    expect(has(signedIn.scripts, 'SignedInShell')).toBe(true);
    expect(has(signedIn.scripts, 'signed-in'), "the shell's chunk").toBe(true);
    // The first screen comes in a few files, not thirty (build/first-screen-chunks.ts): the two
    // entries, the chunk the variants share, the shell's, Rolldown's runtime.
    expect(signedIn.scripts.length, signedIn.scripts.join(' ')).toBeLessThanOrEqual(6);
    // Each file once, variant first (the entry needs it first).
    expect(new Set(signedIn.scripts).size).toBe(signedIn.scripts.length);
    expect(signedIn.scripts.findIndex((f) => f.includes('MobileVariant'))).toBeLessThan(
      signedIn.scripts.findIndex((f) => f.includes('SignedInShell')),
    );
    // Every hint is one of the two kinds above: none at another priority or without crossorigin.
    expect(signedIn.links).toHaveLength(signedIn.scripts.length + signedIn.styles.length);

    const forged = cookie.replace(/caseload_session=[^;]+/, `caseload_session=${'A'.repeat(43)}`);
    expect(forged).not.toBe(cookie);
    expect(has((await hintsOf(await getPage(USER_AGENTS.mobile, { cookie: forged }))).scripts, 'SignedInShell')).toBe(false);

    // Sign out with that session: the same cookie no longer names the shell.
    const signOut = await fetch(`${suite.t.url}/api/v1/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!) },
    });
    expect(signOut.status).toBe(204);
    const ended = await hintsOf(await getPage(USER_AGENTS.mobile, { cookie }));
    expect(has(ended.scripts, 'MobileVariant')).toBe(true);
    expect(has(ended.scripts, 'SignedInShell')).toBe(false);
  });

  it('is never cached, varies by cookie and user agent, and revalidates only the same version', async () => {
    const cookie = await sessionCookie();
    const signedOut = await getPage(USER_AGENTS.default, { 'accept-encoding': 'br' });
    const signedIn = await getPage(USER_AGENTS.default, { cookie, 'accept-encoding': 'br' });
    for (const response of [signedOut, signedIn]) {
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toBe('accept-encoding, cookie, user-agent');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('content-encoding')).toBe('br');
    }
    const [outText, inText] = [await signedOut.text(), await signedIn.text()];
    const plain = await getPage(USER_AGENTS.default, { cookie, 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(inText);
    expect(inText).not.toBe(outText);

    const outTag = signedOut.headers.get('etag')!;
    expect(outTag).not.toBe(signedIn.headers.get('etag'));
    expect((await getPage(USER_AGENTS.default, { 'if-none-match': outTag })).status).toBe(304);
    // The signed-out version is not the signed-in one: the whole page again.
    expect((await getPage(USER_AGENTS.default, { cookie, 'if-none-match': outTag })).status).toBe(200);
  });
});

describe('in the browser', () => {
  it("a signed-in load asks for the shell's chunk before the session check has left, once, and shows the shell", async () => {
    const user = await suite.t.createUser({ roles: ['Administrative'] });
    const page = await suite.signedIn(user);
    const shellRequests: string[] = [];
    page.on('request', (r) => /\/assets\/SignedInShell-[\w-]+\.js$/.test(r.url()) && shellRequests.push(r.url()));
    // A load on a device that does not remember being signed in, with a cookie that is a session:
    // without the hint the entry would ask for the shell only once the session check answered.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expectSignedInAs(page, user.email);
    const started = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const at = (pattern: RegExp) => entries.filter((e) => pattern.test(new URL(e.name).pathname)).map((e) => e.startTime);
      return { shell: at(/^\/assets\/SignedInShell-[\w-]+\.js$/), session: at(/^\/api\/v1\/auth\/session$/) };
    });
    expect(started.shell).toHaveLength(1);
    expect(started.session.length).toBeGreaterThan(0);
    expect(started.shell[0]!).toBeLessThan(started.session[0]!);
    expect(shellRequests).toHaveLength(1);
  });

  it('renders the shell without a loading fallback once its chunk is here: no throttled reveal', async () => {
    // A Suspense boundary that shows its fallback makes React hold the content's reveal until
    // 300 ms after it (app/signed-in-shell-module.ts). Every commit is watched through React's
    // DevTools hook, installed before the page's scripts run: a Suspense fiber (tag 13) whose
    // state is set is showing its fallback.
    const user = await suite.t.createUser({ roles: ['Administrative'] });
    const page = await suite.signedIn(user);
    await page.addInitScript(() => {
      const seen = { commits: 0, fallbacks: 0 };
      (window as unknown as { commitsSeen: typeof seen }).commitsSeen = seen;
      type Fiber = { tag: number; memoizedState: unknown; child: Fiber | null; sibling: Fiber | null };
      const showsFallback = (fiber: Fiber | null): boolean => {
        for (let f = fiber; f; f = f.sibling) if ((f.tag === 13 && f.memoizedState !== null) || showsFallback(f.child)) return true;
        return false;
      };
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
          seen.commits++;
          if (showsFallback(root.current)) seen.fallbacks++;
        },
      };
    });
    // The session's answer waits until the shell's code is here: every file the page hints (the
    // shell's chunk, the chunks it imports, their stylesheets) has arrived, and the main thread has
    // since been idle twice, so the module graph the app imported at boot has been evaluated.
    // (Waiting for the shell's own chunk alone was not enough on a loaded machine: its imports
    // could still be on their way, and a render that meets code still loading rightly suspends.)
    await page.route(/\/api\/v1\/auth\/session$/, async (route) => {
      await page.waitForFunction(
        () => {
          const hinted = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => new URL(l.href).pathname);
          const arrived = new Set(
            performance
              .getEntriesByType('resource')
              .filter((e) => (e as PerformanceResourceTiming).responseEnd > 0)
              .map((e) => new URL(e.name).pathname),
          );
          return hinted.some((h) => /\/SignedInShell-[\w-]+\.js$/.test(h)) && hinted.every((h) => arrived.has(h));
        },
        null,
        { polling: 50, timeout: 20_000 },
      );
      for (let i = 0; i < 2; i++)
        await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })));
      await route.continue();
    });
    await page.reload();
    await expectSignedInAs(page, user.email);
    const seen = await page.evaluate(() => (window as unknown as { commitsSeen: { commits: number; fallbacks: number } }).commitsSeen);
    expect(seen.commits).toBeGreaterThan(0);
    expect(seen.fallbacks).toBe(0);
  });
});
