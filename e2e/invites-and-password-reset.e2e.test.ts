import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { useMailCapture } from './support/mail.ts';
import { createOnServer } from './support/practice-setup.ts';
import { expectSignedInAs, fillNewPassword, newEmail, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The pages e-mailed links open: accepting an invitation and resetting a password, with the mail
 * going over real SMTP to a capture server, so the browser follows the very link a person gets.
 */

const POLICY = 'A password needs at least 12 characters';
const LINK_INVALID = 'This link has already been used or has expired.';
const NEW_PASSWORD = 'Quiet-river-meadow-42';

const mail = useMailCapture();
const suite = useBrowserSuite({ env: () => ({ smtpUrl: mail.url }) });

describe('accepting an invitation', () => {
  it('shows the invited e-mail, the policy beside the field, then signs the new user in', async () => {
    const { t } = suite;
    const practitioner = await createOnServer(t, 'Practitioners', { display: `Dr ${randomUUID().slice(0, 4)}` });
    const email = newEmail('invited');
    const invite = await t.request('POST', `Practitioners/${practitioner.id}/invite`, { body: { target: email } });
    expect([200, 201, 204]).toContain(invite.status);
    const link = await mail.link(email, '/accept-invite');

    const page = await suite.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByRole('textbox', { name: 'New password', exact: true }).getAttribute('autocomplete')).toBe('new-password');

    await fillNewPassword(page, 'one', 'two');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();

    // Too weak: the server's policy message shows under the password field itself.
    await fillNewPassword(page, 'onlyletters');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    const field = page.getByRole('textbox', { name: 'New password', exact: true });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const described = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(described).toContain(POLICY);
    await saveScreenshot(page, 'accept-invite-policy-light');

    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSignedInAs(page, email);

    // The link works once.
    const again = await suite.newPage();
    await again.goto(link);
    await again.getByText(LINK_INVALID).waitFor();
  });

  it('says a made-up link cannot be used', async () => {
    const page = await suite.newPage();
    await page.goto('/accept-invite?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    await page.getByRole('heading', { name: "This invitation can't be used" }).waitFor();
    await page.getByText(LINK_INVALID).waitFor();
  });
});

describe('resetting a password', () => {
  it('confirms the request the same way whether or not the e-mail has an account', async () => {
    const page = await suite.newPage();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('E-mail').fill(newEmail('nobody'));
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await saveScreenshot(page, 'reset-requested-light');
  });

  it('sets a new password from the e-mailed link, and the old one stops working', async () => {
    const { t } = suite;
    const user = await t.createUser({ roles: ['Practitioner'] });
    const page = await suite.newPage();
    await page.goto('/reset-password');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();

    await page.goto(await mail.link(user.email, '/reset-password'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();

    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.getByText('The e-mail or password is incorrect.').waitFor();
    await signInThroughPage(page, user.email, NEW_PASSWORD);
    await expectSignedInAs(page, user.email);
  });

  it('says a used or made-up link cannot be used', async () => {
    const page = await suite.newPage();
    await page.goto('/reset-password?token=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('alert').getByText(LINK_INVALID).waitFor();
  });
});
