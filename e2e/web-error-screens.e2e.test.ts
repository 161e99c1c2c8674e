import { MESSAGES } from '@caseload/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The error screens of SPEC.md section 2 in Debian's Chromium against the real server serving the
 * built client.
 *
 * Faults are made at the network boundary, in the browser, with Playwright's `page.route`: a chunk
 * of the build answered with 404 (what a page older than the server's build meets after a
 * deployment), and the session call answered with a 500 carrying a JSON body and an x-request-id
 * header (a server fault, which the real server cannot be asked to produce on demand). Everything
 * else is the real server.
 */

const suite = useBrowserSuite();
let user: TestUser;

beforeAll(async () => {
  user = await suite.t.createUser({ roles: ['Practitioner'] });
});

/** Answers every request for a file of the build matching `name` with a 404, as after a deployment. */
const removeChunk = (page: Page, name: RegExp) =>
  page.route(name, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":404}' }));

describe('the stale-build screen', () => {
  it("shows when a page's chunk is gone, keeps the shell, resets on the next route, and reloads", async () => {
    const page = await suite.newPage();
    await page.goto('/sign-in');
    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await expectSignedInAs(page, user.email);

    await removeChunk(page, /\/assets\/NotesPage-[^/]+\.js$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Notes', exact: true }).click();
    await page.getByRole('heading', { name: 'Updates are ready!' }).waitFor();
    await page.getByText("Looks like you'll need to refresh the page to go further.").waitFor();
    await saveScreenshot(page, 'stale-build-light');
    // The navigation is still there, and the next route starts afresh.
    await nav.getByRole('link', { name: 'Patients', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Updates are ready!' }).count()).toBe(0);

    // The new build is in place: the button reloads the page, which loads it.
    await nav.getByRole('link', { name: 'Notes', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh the page' }).waitFor();
    await page.unroute(/\/assets\/NotesPage-[^/]+\.js$/);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh the page' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
  });

  it('shows when Vite cannot preload what a chunk needs (vite:preloadError)', async () => {
    const page = await suite.newPage();
    // The shell's stylesheet: the signed-in chunk's (packages/web/build/first-screen-chunks.ts).
    await removeChunk(page, /\/assets\/signed-in-[^/]+\.css$/);
    await page.goto('/sign-in');
    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.getByRole('heading', { name: 'Updates are ready!' }).waitFor();
    await page.getByRole('button', { name: 'Refresh the page' }).waitFor();
  });

  it('shows, without React, when the variant itself is gone', async () => {
    const page = await suite.newPage();
    await removeChunk(page, /\/assets\/DefaultVariant-[^/]+\.js$/);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Updates are ready!' }).waitFor();
    await page.getByRole('button', { name: 'Refresh the page' }).waitFor();
  });
});

describe('the error screen', () => {
  it('shows a server fault with the friendly message, and the nerd stuff: request id, status, title and JSON body', async () => {
    const page = await suite.newPage();
    const body = { title: 'Internal Server Error', status: 500, detail: MESSAGES.otherHttp };
    await page.route('**/api/v1/auth/session', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'x-request-id': 'req-e2e-5000' },
        body: JSON.stringify(body),
      }),
    );
    await page.goto('/patients');
    const screen = page.getByRole('alert');
    await screen.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await screen.textContent()).toContain(MESSAGES.otherHttp);
    expect(await page.getByTestId('error-illustration').count()).toBe(1);
    await saveScreenshot(page, 'error-screen-light');

    await screen.getByRole('button', { name: 'Show me nerd stuff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error details' });
    await dialog.waitFor();
    const rows = dialog.getByRole('table', { name: 'Error details' });
    expect(await rows.getByRole('row', { name: /Request ID/ }).textContent()).toContain('req-e2e-5000');
    expect(await rows.getByRole('row', { name: /HTTP status/ }).textContent()).toContain('500');
    expect(await rows.getByRole('row', { name: /Title/ }).textContent()).toContain('Internal Server Error');
    expect(await dialog.getByTestId('error-details-body').textContent()).toBe(JSON.stringify(body, null, 2));
    await saveScreenshot(page, 'error-details-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Once the server answers again, trying again carries on to sign in.
    await page.unroute('**/api/v1/auth/session');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL('**/sign-in?next=%2Fpatients');
  });

  it('shows a body that is not JSON as it came, titled by the message', async () => {
    const page = await suite.newPage();
    await page.route('**/api/v1/auth/session', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', headers: { 'x-request-id': 'req-e2e-5020' }, body: '<h1>Bad gateway</h1>' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Show me nerd stuff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error details' });
    expect(await dialog.getByRole('row', { name: /Title/ }).textContent()).toContain('The server answered 502.');
    expect(await dialog.getByTestId('error-details-body').textContent()).toBe('<h1>Bad gateway</h1>');
  });

  it('ignores aborted requests everywhere: no unhandled rejection reaches the page', async () => {
    const page = await suite.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.evaluate(async () => {
      const controller = new AbortController();
      const pending = fetch('/api/v1/auth/session', { signal: controller.signal });
      controller.abort();
      void pending; // unhandled on purpose
      void Promise.reject(new Error('a real failure'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await expect.poll(() => errors).toEqual(['a real failure']);
  });
});
