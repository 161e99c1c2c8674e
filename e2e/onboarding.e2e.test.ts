import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { useMailCapture } from './support/mail.ts';
import { editPhone, findPatientByMrn, openChart, readHistory } from './support/patients.ts';
import { createOnServer } from './support/practice-setup.ts';
import { chooseOption, expectSignedInAs, fillNewPassword, newEmail, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * Issue 5's headline: an administrator invites a clinician in the Users screen, the e-mail goes
 * over real SMTP to a capture server on loopback, the clinician follows the very link it carries,
 * sets a password, finds a patient by MRN, edits their phone number and sees it in the history.
 * Also: a role given in the Users screen shows in the grant-set view (and a role beyond the
 * giver's own grant sets is refused, saying why), and deactivating a user signs them out.
 */

const NEW_PASSWORD = 'Quiet-river-meadow-42';

const mail = useMailCapture();
const suite = useBrowserSuite({ env: () => ({ smtpUrl: mail.url }) });
let admin: TestUser;

beforeAll(async () => {
  admin = await suite.t.createUser({ roles: ['Administrative'] });
});

async function openUsers(page: Page): Promise<void> {
  await page.goto('/administration/users');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByTestId('users-table').waitFor();
}

const userRow = (page: Page, email: string): Locator => page.locator(`[data-testid="user-row"][data-email="${email}"]`);

describe('onboarding a clinician', () => {
  it(
    'invites by e-mail; the clinician accepts, signs in, finds a ' + 'patient by MRN and edits the phone, which the history shows',
    async () => {
      const { t } = suite;
      const family = `Okafor${randomUUID().slice(0, 4)}`;
      const created = await createOnServer(t, 'Patients', {
        resourceType: 'Patient',
        names: [{ given: ['Adaeze'], family }],
        birthDate: '1984-03-09',
        mrn: `MRN${Date.now().toString().slice(-7)}`,
        telecom: [{ system: 'Phone', use: 'Home', value: '555-0100' }],
      });
      const mrn = created.mrn as string;
      expect(mrn).toBeTruthy();

      // The administrator invites the clinician through the Users screen.
      const adminPage = await suite.signedIn(admin.email);
      await openUsers(adminPage);
      await adminPage.getByRole('button', { name: 'Invite staff' }).click();
      const form = adminPage.getByRole('form', { name: 'Invite staff' });
      const email = newEmail('clinician');
      await form.getByRole('button', { name: 'Send invite' }).click();
      await form.getByText('Given name is a required field').waitFor();
      await form.getByLabel('Given name').fill('Noor');
      await form.getByLabel('Family name').fill(`Haddad${randomUUID().slice(0, 4)}`);
      await form.getByLabel('Credentials').fill('LCSW');
      await form.getByLabel('E-mail').fill('not-an-email');
      await form.getByRole('button', { name: 'Send invite' }).click();
      await form.getByText('E-mail must be a valid email').waitFor();
      await form.getByLabel('E-mail').fill(email);
      await chooseOption(adminPage, form, 'Role', 'Case Management');
      await saveScreenshot(adminPage, 'users-invite-light');
      await form.getByRole('button', { name: 'Send invite' }).click();
      await form.waitFor({ state: 'hidden' });
      const row = userRow(adminPage, email);
      await row.waitFor();
      expect(await row.getByTestId('user-status').textContent()).toBe('Invite pending');
      expect(await row.getByTestId('user-role').allTextContents()).toEqual(['Case Management']);
      await saveScreenshot(adminPage, 'users-list-light', { keep: true });

      // The e-mail arrived over SMTP; the clinician follows its link and sets a password.
      const clinician = await suite.newPage();
      await clinician.goto(await mail.link(email, '/accept-invite'));
      await clinician.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
      await fillNewPassword(clinician, NEW_PASSWORD);
      await clinician.getByRole('button', { name: 'Set password and sign in' }).click();
      await clinician.waitForURL((url) => url.pathname === '/');
      await expectSignedInAs(clinician, email);

      // Accepted: the administrator's list shows the clinician active.
      await openUsers(adminPage);
      expect(await userRow(adminPage, email).getByTestId('user-status').textContent()).toBe('Active');

      // The clinician's work: find the patient by MRN, open the chart, change the phone.
      const found = await findPatientByMrn(clinician, mrn);
      expect(await found.textContent()).toContain(family);
      await openChart(clinician, `${family}, Adaeze`);
      await editPhone(clinician, '555-0199');
      const history = await readHistory(clinician);
      expect(history.join('\n')).toContain('555-0199');
      const stored = await t.request('GET', `Patients/${created.id}`);
      expect(JSON.stringify(stored.body.telecom)).toContain('555-0199');
    },
  );
});

describe('roles and grant sets', () => {
  it('shows a role given in the Users screen in the grant-set view', async () => {
    const { t } = suite;
    const colleague = await t.createUser({ roles: ['Practitioner'] });
    const page = await suite.signedIn(admin.email);
    await openUsers(page);
    const row = userRow(page, colleague.email);
    await row.getByRole('button', { name: /^Change roles of / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Supervisor' }).check();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('user-role').allTextContents()).toEqual(['Practitioner', 'Supervisor']);

    // "Who holds Co-sign notes?" — the colleague now does (Supervisor holds it, Practitioner not).
    await page.getByRole('tab', { name: 'Grant sets' }).click();
    await page.getByLabel('Find a grant set or a person').fill('Co-sign notes');
    const cosign = page.locator('[data-testid="grant-set-row"][data-grant-set="Co-sign notes"]');
    await cosign.waitFor();
    const name = (await page.getByRole('tabpanel').locator('[data-testid="grant-set-holder"]').allTextContents()).join('|');
    const display = (await t.request('GET', `Practitioners/${colleague.profile.id}`)).body.display as string;
    expect(name).toContain(display);
    await saveScreenshot(page, 'users-grant-sets-light', { keep: true });

    const server = await t.request('GET', 'users');
    const held = server.body.find((u: { email: string }) => u.email === colleague.email);
    expect(held.grantSets).toContain('Co-sign notes');
  });

  it("refuses a role beyond the giver's own grant sets and says which ones", async () => {
    const { t } = suite;
    const role = await t.request('POST', 'SecurityRoles', {
      body: {
        name: `Role assigner ${randomUUID().slice(0, 4)}`,
        grantSets: ['Read practitioners', 'Assign roles', 'View permissions', 'Read notes'],
      },
    });
    expect(role.status).toBe(201);
    const assigner = await t.createUser({ roles: [`SecurityRole/${role.body.id}`] });
    const colleague = await t.createUser({ roles: ['Practitioner'] });
    const page = await suite.signedIn(assigner.email);
    await openUsers(page);
    await userRow(page, colleague.email)
      .getByRole('button', { name: /^Change roles of / })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Supervisor' }).check();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await dialog.getByText("You don't have permissions to perform this action.").waitFor();
    await dialog.getByText('You can give only grant sets you hold yourself').waitFor();
    expect(await dialog.getByTestId('undelegable-grant-sets').textContent()).toContain('Co-sign notes');
    await saveScreenshot(page, 'users-roles-refused-light');
    const server = await t.request('GET', 'users');
    expect(server.body.find((u: { email: string }) => u.email === colleague.email).roles).toEqual(['Practitioner']);
  });
});

describe('deactivation', () => {
  it('signs the user out everywhere: their next action shows the sign-in again', async () => {
    const { t } = suite;
    const leaver = await t.createUser({ roles: ['Practitioner'] });
    const leaverPage = await suite.signedIn(leaver.email);

    const page = await suite.signedIn(admin.email);
    await openUsers(page);
    await userRow(page, leaver.email)
      .getByRole('button', { name: /^Deactivate / })
      .click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('signs');
    expect(await dialog.textContent()).toContain('out everywhere');
    await saveScreenshot(page, 'users-deactivate-light');
    await dialog.getByRole('button', { name: 'Deactivate and sign out everywhere' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => userRow(page, leaver.email).getByTestId('user-status').textContent()).toBe('Deactivated');

    // The leaver's next action: the session is gone, so the sign-in shows.
    await leaverPage.reload();
    await leaverPage.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await signInThroughPage(leaverPage, leaver.email, TEST_PASSWORD);
    await leaverPage.getByText('The e-mail or password is incorrect.').waitFor();

    // Activated again, they can sign in.
    await userRow(page, leaver.email)
      .getByRole('button', { name: /^Activate / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => userRow(page, leaver.email).getByTestId('user-status').textContent()).toBe('Active');
    await signInThroughPage(leaverPage, leaver.email, TEST_PASSWORD);
    await expectSignedInAs(leaverPage, leaver.email);
  });
});
