import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';

/**
 * The staff directory and a practitioner's profile against the real server: searching and
 * sorting the directory, editing licences and supervisors, uploading a photo whose thumbnail the
 * server makes, and a read-only profile for someone who may not edit staff.
 */

/** A 1×1 PNG: enough for the server to make a thumbnail of. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let t: TestServer;
let browser: Browser;
let admin: TestUser;
const pages: Page[] = [];
const tag = randomUUID().slice(0, 4);

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  admin = await t.createUser({ roles: ['Administrative'] });
  for (const [given, family, email] of [
    ['Ines', `Quarry${tag}`, `a-ines-${tag}@test.caseload`],
    ['Bram', `Quarry${tag}`, `c-bram-${tag}@test.caseload`],
    ['Cleo', `Quarry${tag}`, `b-cleo-${tag}@test.caseload`],
  ]) {
    const created = await t.request('POST', 'Practitioners', {
      body: { resourceType: 'Practitioner', names: [{ given: [given], family }], workEmail: email },
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});

async function signedInPage(email: string): Promise<Page> {
  const page = await (await newContext(browser, t.url)).newPage();
  pages.push(page);
  await page.goto('/sign-in');
  await signInThroughPage(page, email, TEST_PASSWORD);
  await expectSignedInAs(page, email);
  return page;
}

const rowNames = (page: Page) => page.getByTestId('staff-name').allTextContents();

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('the staff directory', () => {
  it('searches as you type and sorts by name or e-mail', async () => {
    const page = await signedInPage(admin.email);
    await page.goto('/staff');
    await page.getByRole('heading', { level: 1, name: 'Practitioners' }).waitFor();
    await page.getByLabel('Search practitioners').fill(`quarry${tag}`);
    await expect.poll(() => page.getByTestId('staff-row').count()).toBe(3);
    expect((await rowNames(page)).map((n) => n.slice(0, 4))).toEqual(['Bram', 'Cleo', 'Ines']);
    await page
      .locator('label')
      .filter({ hasText: /^Email$/ })
      .click();
    await expect.poll(async () => (await rowNames(page)).map((n) => n.slice(0, 4))).toEqual(['Ines', 'Cleo', 'Bram']);
    await saveScreenshot(page, 'staff-directory-light', { keep: true });
    await page.getByLabel('Search practitioners').fill('nobody-like-this');
    await page.getByText('Nobody matches').waitFor();
  });
});

describe('the practitioner profile', () => {
  it('edits licences and supervisors, and takes a photo whose thumbnail the server makes', async () => {
    const page = await signedInPage(admin.email);
    await page.goto('/staff');
    await page.getByLabel('Search practitioners').fill(`Ines Quarry${tag}`);
    await page.getByTestId('staff-row').first().getByRole('link').click();
    await page.getByTestId('practitioner-name').filter({ hasText: 'Ines' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;

    const form = page.getByRole('form', { name: 'Practitioner profile' });
    await form.getByRole('textbox', { name: 'Credentials' }).fill('LCSW');
    await form.getByRole('button', { name: 'Add licence' }).click();
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText('licences[0].number is a required field').waitFor();
    await choose(page, form, 'Licence 1 type', /^LCSW — /);
    await form.getByLabel('Licence 1 number').fill('LC-123456');
    await choose(page, form, 'Licence 1 state', /^NY — /);
    await form.getByLabel('Licence 1 expires').fill('2027-06-30');
    await choose(page, form, 'Supervisors', new RegExp(`^Cleo Quarry${tag}`));
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();

    await expect
      .poll(async () => (await t.request('GET', `Practitioners/${id}`)).body.licences?.[0]?.number, { timeout: 15_000 })
      .toBe('LC-123456');
    const stored = (await t.request('GET', `Practitioners/${id}`)).body;
    expect(stored.licences[0]).toMatchObject({ type: { code: 'LCSW' }, state: 'NY', period: { end: '2027-06-30' } });
    expect(stored.supervisors[0].subject.display).toContain('Cleo');
    expect(stored.credentials).toBe('LCSW');

    await page.locator('input[type="file"]').first().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const photo = page.getByTestId('practitioner-photo');
    await photo.waitFor({ timeout: 15_000 });
    expect(await photo.getAttribute('src')).toMatch(/\/content\?thumbnail=256$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await saveScreenshot(page, 'practitioner-profile-light', { keep: true });
  });

  it('is read-only for someone who may not edit staff, and shows no signature upload for others', async () => {
    const clinician = await t.createUser({ roles: ['Practitioner'] });
    const page = await signedInPage(clinician.email);
    await page.goto(`/staff/${admin.profile.id}`);
    await page.getByTestId('practitioner-name').waitFor();
    expect(await page.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    expect(
      await page.getByRole('form', { name: 'Practitioner profile' }).getByRole('textbox', { name: 'Credentials' }).getAttribute('readonly'),
    ).not.toBeNull();
    await page.getByText(/can set their own signature/).waitFor();

    // Their own profile offers the signature upload.
    await page.goto(`/staff/${clinician.profile.id}`);
    await page.getByRole('button', { name: 'Upload signature' }).waitFor();
  });
});
