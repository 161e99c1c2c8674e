import { MESSAGES } from '@caseload/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * Signing in and out, and a session that ends under the user, in Debian's Chromium against the
 * real server serving the built web client.
 */

const suite = useBrowserSuite();
let user: TestUser;

beforeAll(async () => {
  user = await suite.t.createUser({ roles: ['Practitioner'] });
});

describe('sign-in page', () => {
  it('sends a visitor of / to the sign-in page, with the e-mail field focused', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await page.waitForURL('**/sign-in');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    expect(await page.getByRole('textbox', { name: 'Password', exact: true }).getAttribute('autocomplete')).toBe('current-password');
    expect(await page.title()).toBe('Sign in · Caseload');
  });

  it('says so when the password is wrong, and keeps the e-mail', async () => {
    const page = await suite.newPage();
    await page.goto('/sign-in');
    await signInThroughPage(page, user.email, 'not-the-password-1');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The e-mail or password is incorrect.');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(user.email);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it('names the missing fields without calling the server', async () => {
    const page = await suite.newPage();
    await page.goto('/sign-in');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await submit.waitFor();
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
    await submit.click();
    await page.getByText('Enter your e-mail address.').waitFor();
    await page.getByText('Enter your password.').waitFor();
    expect(calls).toEqual([]);
  });

  it('signs in to the shell, which shows who is signed in; signing out goes back to sign-in', async () => {
    const page = await suite.newPage();
    await page.goto('/sign-in');
    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await expectSignedInAs(page, user.email);
    // The user menu leads to where the account is signed in.
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: "Where you're signed in" }).click();
    await page.getByRole('table', { name: 'Your sessions' }).getByText('This device').waitFor();
    await saveScreenshot(page, 'account-light');

    await page.reload();
    await expectSignedInAs(page, user.email);

    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await page.getByText('You have signed out.').waitFor();
    // The server ended the session: / sends the visitor to sign in again.
    await page.goto('/');
    await page.waitForURL('**/sign-in');
  });
});

describe('a session that ends', () => {
  it('shows the session-expired dialog over the page, and signing in again comes back to the same place', async () => {
    const page = await suite.newPage();
    await page.goto('/sign-in?next=%2Faccount%3Fview%3Dsessions');
    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/account' && url.search === '?view=sessions');
    await expectSignedInAs(page, user.email);

    // The user's other session (the test client) ends this browser's one, as an administrator
    // or the idle timeout would.
    const sessions = await user.client.request('GET', '/api/v1/auth/sessions');
    const browserSession = (sessions.body as { id: string; current: boolean; userAgent: string }[]).find(
      (s) => !s.current && s.userAgent.includes('Chrome'),
    );
    expect(browserSession).toBeDefined();
    expect((await user.client.request('DELETE', `/api/v1/auth/sessions/${browserSession!.id}`)).status).toBe(204);

    // The next call the page makes gets a 401. The page may make one of its own first (a data
    // layer read, a session re-check), in which case the dialog is already up and covers Refresh.
    const dialog = page.getByRole('dialog', { name: 'You have been signed out' });
    if (!(await dialog.isVisible())) {
      await page
        .getByRole('button', { name: 'Refresh' })
        .click({ timeout: 5_000 })
        .catch(() => {});
    }
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(MESSAGES.unauthorized);
    await saveScreenshot(page, 'session-expired-light');
    // Escape does not dismiss it.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL('**/sign-in?next=**');
    await page.getByText('Your session expired.').waitFor();
    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/account' && url.search === '?view=sessions');
    await expectSignedInAs(page, user.email);
  });
});
