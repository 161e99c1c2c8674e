import { permissionsOf, rolePermissions } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The session answer carries each profile's permissions and the account's associate permissions,
 * which the web client offers its feature areas by (instead of shipping the role catalogue).
 */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const sorted = (set: Iterable<string>) => [...set].sort();

describe('GET /api/v1/auth/session: permissions', () => {
  it("gives a built-in role its grant sets' permissions, sorted, and no associate permissions", async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const session = await user.client.request('GET', '/api/v1/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.account.permissions).toBeNull();
    expect(session.body.profiles).toHaveLength(1);
    const [profile] = session.body.profiles;
    expect(profile.permissions).toEqual(sorted(rolePermissions('Practitioner')));
    expect(profile.permissions).toContain('Note:Read');
    expect(profile.permissions).not.toContain('AuditEvent:Read');
  });

  it("unions a practice's own security role with a built-in one, as the server checks them", async () => {
    const role = await t.request('POST', 'SecurityRoles', { body: { display: 'Front desk extra', grantSets: ['Read patients'] } });
    expect(role.status).toBe(201);
    const user = await t.createUser({ roles: ['Patient', `SecurityRole/${role.body.id}`] });
    const session = await user.client.request('GET', '/api/v1/auth/session');
    const [profile] = session.body.profiles;
    expect(profile.roles).toEqual(['Patient', `SecurityRole/${role.body.id}`]);
    expect(profile.permissions).toEqual(sorted(new Set([...rolePermissions('Patient'), ...permissionsOf(['Read patients'])])));
  });

  it("gives an associate the associate role's permissions on the account", async () => {
    const session = await t.admin.request('GET', '/api/v1/auth/session');
    expect(session.body.account.associateRole).toBeTruthy();
    expect(session.body.account.permissions).toEqual(sorted(rolePermissions(session.body.account.associateRole, 'associate')));
  });

  it('lists the practices an associate who views every practice may open, oldest first; a practice user gets none', async () => {
    const later = `t-later-${Date.now().toString(36)}`;
    expect((await t.request('POST', `/api/v1/database/${later}`)).status).toBe(204);
    const session = await t.admin.request('GET', '/api/v1/auth/session');
    const practices: string[] = session.body.account.practices;
    expect(practices).toContain(t.practiceId);
    expect(practices.indexOf(t.practiceId)).toBeLessThan(practices.indexOf(later));
    const user = await t.createUser({ roles: ['Practitioner'] });
    expect((await user.client.request('GET', '/api/v1/auth/session')).body.account.practices).toBeNull();
  });

  it('names practices: a member its own, an associate who views every practice all of them, by preferences then provider', async () => {
    const stamp = Date.now().toString(36);
    const named = `t-named-${stamp}`;
    const provider = `t-provider-${stamp}`;
    const unnamed = `t-unnamed-${stamp}`;
    for (const p of [named, provider, unnamed]) expect((await t.request('POST', `/api/v1/database/${p}`)).status).toBe(204);
    const create = async (practice: string, collection: string, body: Record<string, unknown>) =>
      expect((await t.request('POST', `/api/v1/practices/${practice}/${collection}`, { body })).status).toBe(201);
    await create(named, 'PracticePreferences', { display: 'preferences', practiceName: 'Riverside Counselling' });
    await create(named, 'Organizations', { name: 'Riverside Counselling LLC', kind: 'Provider' });
    // An insurer is an organization of the practice too, but not the practice.
    await create(provider, 'Organizations', { name: 'Aetna', kind: 'Payer' });
    await create(provider, 'Organizations', { name: 'Hilltop Health', kind: 'Provider' });
    await create(unnamed, 'Organizations', { name: 'Blue Cross', kind: 'Payer' });

    const admin = (await t.admin.request('GET', '/api/v1/auth/session')).body.account;
    expect(admin.practiceNames).toMatchObject({ [named]: 'Riverside Counselling', [provider]: 'Hilltop Health' });
    expect(admin.practiceNames).not.toHaveProperty(unnamed);

    // A practice user learns its own practice's name and no other's.
    expect(
      (await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', practiceName: 'Home Practice' } })).status,
    ).toBe(201);
    const user = await t.createUser({ roles: ['Practitioner'] });
    const session = (await user.client.request('GET', '/api/v1/auth/session')).body;
    expect(session.profiles[0].practiceName).toBe('Home Practice');
    expect(session.account.practiceNames).toBeNull();
    expect(JSON.stringify(session)).not.toContain('Riverside Counselling');
  });

  it('answers sign-in with the same permissions', async () => {
    const user = await t.createUser({ roles: ['Administrative'] });
    const again = t.anonymous();
    await again.request('GET', '/api/v1/auth/session');
    const signedIn = await again.request('POST', '/api/v1/auth/sign-in', {
      body: { email: user.email, password: 'correct-horse-battery-9' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.profiles[0].permissions).toEqual(sorted(rolePermissions('Administrative')));
  });
});
