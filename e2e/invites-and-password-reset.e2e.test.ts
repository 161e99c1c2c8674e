import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SmtpCapture, linkToken } from '../packages/server/src/mail/smtp-capture.ts';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, newEmail, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The pages e-mailed links open: accepting an invitation and resetting a password, with the mail
 * going over real SMTP to a capture server, so the browser follows the very link a person gets.
 */

const POLICY = 'A password needs at least 12 characters';
const LINK_INVALID = 'This link has already been used or has expired.';
const NEW_PASSWORD = 'Quiet-river-meadow-42';

let smtp: SmtpCapture;
let t: TestServer;
let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  smtp = await SmtpCapture.start();
  [t, browser] = await Promise.all([startTestServer({ env: { smtpUrl: smtp.url } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await smtp?.close();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});

async function freshPage(): Promise<Page> {
  const page = await (await newContext(browser, t.url)).newPage();
  pages.push(page);
  return page;
}

/** The link of the newest message to `email` that points at `path`. */
async function linkIn(email: string, path: string): Promise<string> {
  const mail = await smtp.waitFor(email);
  return `${t.url}${path}?token=${linkToken(mail, path)}`;
}

async function setNewPassword(page: Page, password: string, confirmation = password): Promise<void> {
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(confirmation);
}

describe('accepting an invitation', () => {
  it('shows the invited e-mail, the policy beside the field, then signs the new user in', async () => {
    const practitioner = await t.request('POST', 'Practitioners', { body: { display: `Dr ${randomUUID().slice(0, 4)}` } });
    expect(practitioner.status).toBe(201);
    const email = newEmail('invited');
    const invite = await t.request('POST', `Practitioners/${practitioner.body.id}/invite`, { body: { target: email } });
    expect([200, 201, 204]).toContain(invite.status);
    const link = await linkIn(email, '/accept-invite');

    const page = await freshPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByRole('textbox', { name: 'New password', exact: true }).getAttribute('autocomplete')).toBe('new-password');

    await setNewPassword(page, 'one', 'two');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();

    // Too weak: the server's policy message shows under the password field itself.
    await setNewPassword(page, 'onlyletters');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    const field = page.getByRole('textbox', { name: 'New password', exact: true });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const described = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy);
    expect(described).toContain(POLICY);
    await saveScreenshot(page, 'accept-invite-policy-light');

    await setNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSignedInAs(page, email);

    // The link works once.
    const again = await freshPage();
    await again.goto(link);
    await again.getByText(LINK_INVALID).waitFor();
  });

  it('says a made-up link cannot be used', async () => {
    const page = await freshPage();
    await page.goto('/accept-invite?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    await page.getByRole('heading', { name: "This invitation can't be used" }).waitFor();
    await page.getByText(LINK_INVALID).waitFor();
  });
});

describe('resetting a password', () => {
  it('confirms the request the same way whether or not the e-mail has an account', async () => {
    const page = await freshPage();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('E-mail').fill(newEmail('nobody'));
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await saveScreenshot(page, 'reset-requested-light');
  });

  it('sets a new password from the e-mailed link, and the old one stops working', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const page = await freshPage();
    await page.goto('/reset-password');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();

    await page.goto(await linkIn(user.email, '/reset-password'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await setNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();

    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.getByText('The e-mail or password is incorrect.').waitFor();
    await signInThroughPage(page, user.email, NEW_PASSWORD);
    await expectSignedInAs(page, user.email);
  });

  it('says a used or made-up link cannot be used', async () => {
    const page = await freshPage();
    await page.goto('/reset-password?token=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    await setNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('alert').getByText(LINK_INVALID).waitFor();
  });
});
