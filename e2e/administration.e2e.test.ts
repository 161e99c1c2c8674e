import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createOnServer, onServer as onServerOf } from './support/practice-setup.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * Practice administration (issue 5) in Chromium against the real server: an administrator sets up
 * a program, a location with its place-of-service code and a service's flags through the screens,
 * each change checked on the server; renames patients to clients and sees it in the navigation and
 * the titles at once and after a reload; a practitioner is offered no admin action and the server
 * refuses one anyway.
 */

const suite = useBrowserSuite();
let administrator: TestUser;
let practitioner: TestUser;
let serviceId: string;

beforeAll(async () => {
  const { t } = suite;
  [administrator, practitioner] = await Promise.all([
    t.createUser({ roles: ['Administrative'] }),
    t.createUser({ roles: ['Practitioner'] }),
  ]);
  const service = await createOnServer(t, 'HealthcareServices', {
    resourceType: 'HealthcareService',
    name: 'Individual therapy',
    display: 'Individual therapy',
    flags: ['Billable'],
    active: true,
  });
  serviceId = service.id;
});

const signedIn = (user: TestUser, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  suite.signedIn(user, { path, context: { colorScheme } });
const onServer = (collection: string) => onServerOf(suite.t, collection);

describe('an administrator', () => {
  it('creates a program', async () => {
    const page = await signedIn(administrator, '/administration/programs');
    await page.getByRole('heading', { name: 'Programs', level: 2 }).waitFor();
    expect(await page.title()).toBe('Programs · Administration · Caseload');
    await page.getByRole('button', { name: 'New program' }).click();
    const dialog = page.getByRole('dialog', { name: 'New program' });
    // Saving without a name is refused by the form, in section 5's words.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is a required field').waitFor();
    await dialog.getByLabel('Name').fill('Youth Services');
    await dialog.getByLabel('Code').fill('YS');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Programs' }).getByRole('cell', { name: 'Youth Services', exact: true }).waitFor();
    const programs = await onServer('Programs');
    expect(programs).toEqual([expect.objectContaining({ name: 'Youth Services', display: 'Youth Services', code: 'YS', active: true })]);
  });

  it('creates a location with a place-of-service code and a US state', async () => {
    const page = await signedIn(administrator, '/administration/locations');
    await page.getByRole('button', { name: 'New location' }).click();
    const dialog = page.getByRole('dialog', { name: 'New location' });
    await dialog.getByLabel('Name').fill('Riverside clinic');
    await dialog.getByRole('combobox', { name: 'Place of service' }).fill('office');
    await page.getByRole('option', { name: '11 · Office' }).click();
    await dialog.getByLabel('City').fill('Springfield');
    await dialog.getByRole('combobox', { name: 'State' }).fill('Illinois');
    await page.getByRole('option', { name: 'Illinois (IL)' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '11 · Office', exact: true }).waitFor();
    const [location] = await onServer('Locations');
    expect(location).toMatchObject({
      name: 'Riverside clinic',
      placeOfService: { code: '11', display: 'Office' },
      address: { city: 'Springfield', state: 'IL' },
    });
  });

  it("edits a service's flags: requiring units asks for the unit length", async () => {
    const page = await signedIn(administrator, '/administration/services');
    await page.getByRole('button', { name: 'Edit Individual therapy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit service: Individual therapy' });
    await dialog.getByRole('checkbox', { name: 'Supports groups' }).check();
    await dialog.getByRole('checkbox', { name: 'Requires units' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Minutes per unit is a required field').waitFor();
    await dialog.getByLabel('Minutes per unit').fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const service = (await onServer('HealthcareServices')).find((s) => s.id === serviceId)!;
    expect(service.flags).toEqual(['Billable', 'SupportsGroups', 'RequireUnits']);
    expect(service.unitMinutes).toBe(15);
  });

  it('renames Patient/Patients to Client/Clients and sees it in the navigation and titles at once and after a reload', async () => {
    const page = await signedIn(administrator, '/administration/preferences');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Patients', exact: true }).waitFor();
    await page.getByLabel('Patient (one)').fill('Client');
    await page.getByLabel('Patient (many)').fill('Clients');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Everything is saved.').waitFor();
    // At once, with no reload: the navigation and the help texts say clients.
    await nav.getByRole('link', { name: 'Clients', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Patients', exact: true }).count()).toBe(0);
    await page.getByText('Which clients a staff member sees', { exact: false }).first().waitFor();
    await nav.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL('**/patients');
    await page.waitForFunction(() => document.title.startsWith('Clients'));
    // After a reload the practice's words come back from the server.
    await page.reload();
    await nav.getByRole('link', { name: 'Clients', exact: true }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Clients'));
    const [preferences] = await onServer('PracticePreferences');
    expect(preferences?.labels.patient).toEqual({ singular: 'Client', plural: 'Clients' });
    expect(preferences?.noteSignWarningTimeout).toBe(36);
  });
});

describe('security roles', () => {
  it('are composed of grant sets from the catalogue, never of one the user may not hand out', async () => {
    const page = await signedIn(administrator, '/administration/roles');
    await page.getByRole('button', { name: 'New security role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New security role' });
    await dialog.getByLabel('Name').fill('Front desk');
    // The Administrative role manages roles but does not hold Full permissions: it cannot grant it.
    await dialog.getByRole('searchbox', { name: 'Search grant sets' }).fill('full');
    expect(await dialog.getByRole('checkbox', { name: /^Full permissions/ }).isDisabled()).toBe(true);
    await dialog.getByRole('searchbox', { name: 'Search grant sets' }).fill('read patients');
    await dialog.getByRole('checkbox', { name: 'Read patients', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const role = (await onServer('SecurityRoles')).find((r) => r.name === 'Front desk');
    expect(role?.grantSets).toEqual(['Read patients']);
  });

  it("shows the server's refusal in the dialog, keeping the user's values", async () => {
    const created = await suite.t.request('POST', 'SecurityRoles', {
      body: { resourceType: 'SecurityRole', name: 'Role keepers', display: 'Role keepers', grantSets: ['Manage roles'], active: true },
    });
    expect(created.status).toBe(201);
    const keeper = await suite.t.createUser({ roles: [`SecurityRole/${created.body.id}`] });
    const page = await signedIn(keeper, '/administration/roles');
    // Nobody edits a role they hold themselves: the server refuses, the dialog says so and stays.
    await page.getByRole('button', { name: 'Edit Role keepers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit security role: Role keepers' });
    await dialog.getByLabel('Description').fill('Keeps the keys');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText("You don't have permissions to perform this action.").waitFor();
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Keeps the keys');
    const stored = await suite.t.request('GET', `SecurityRoles/${created.body.id}`);
    expect(stored.body.description).toBeUndefined();
    expect(stored.body.meta.versionId).toBe(created.body.meta.versionId);
  });
});

describe('a practitioner', () => {
  it('is offered no admin action, and the server refuses one anyway', async () => {
    const page = await signedIn(practitioner, '/administration/programs');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('table', { name: 'Programs' }).getByRole('cell', { name: 'Youth Services', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New program' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Deactivate / }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Security roles' }).count()).toBe(0);
    // Looking is allowed: the form opens read-only, with no Save.
    await page.getByRole('button', { name: 'View Youth Services' }).click();
    const dialog = page.getByRole('dialog', { name: 'Program: Youth Services' });
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await dialog.getByLabel('Name').isDisabled()).toBe(true);

    const refused = await practitioner.client.request('POST', 'Programs', {
      body: { resourceType: 'Program', name: 'Sneaky', display: 'Sneaky' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("You don't have permissions to perform this action.");
    expect((await onServer('Programs')).map((p) => p.name)).toEqual(['Youth Services']);
  });
});

describe('screenshots', () => {
  it.each(['light', 'dark'] as const)('of the administration screens in the %s scheme', async (scheme) => {
    const page = await signedIn(administrator, '/administration/locations', scheme);
    await page.getByRole('cell', { name: 'Riverside clinic', exact: true }).waitFor();
    await saveScreenshot(page, `administration-locations-${scheme}`, { keep: true });
    await page.getByRole('button', { name: 'Edit Riverside clinic' }).click();
    await page.getByRole('dialog', { name: 'Edit location: Riverside clinic' }).waitFor();
    await saveScreenshot(page, `administration-location-dialog-${scheme}`, { keep: true });
    await page.goto('/administration/preferences');
    await page.getByRole('heading', { name: 'Words your practice uses' }).waitFor();
    await saveScreenshot(page, `administration-preferences-${scheme}`, { keep: true });
  });
});
