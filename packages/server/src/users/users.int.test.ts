import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@caseload/core';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import type { OutboxMailer } from '../mail/outbox-mailer.ts';

/**
 * The users API (docs/identity.md): listing with the grant sets each user holds, role changes
 * that cannot escalate, and deactivation that signs a user out everywhere.
 */

let t: TestServer;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  manager = await t.createUser({ roles: ['Administrative'] });
});
afterAll(() => t?.close());

const userOf = (list: any[], accountId: string) => list.find((u) => u.accountId === accountId);

async function visitor(): Promise<ApiClient> {
  const client = t.anonymous();
  await client.request('GET', '/api/v1/auth/session');
  return client;
}

async function outboxMessages() {
  const dir = (t.server.app.mailer as OutboxMailer).dir;
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    files.map(async (f) => {
      const parsed = await simpleParser(await fs.readFile(path.join(dir, f)));
      const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      return { to, text: parsed.text ?? '' };
    }),
  );
}

async function auditDescriptions(response: { headers: Headers }): Promise<string[]> {
  const r = await t.server.app.db.pool.query(`SELECT body FROM r_audit_event WHERE body->>'requestId' = $1`, [
    response.headers.get('x-request-id'),
  ]);
  return r.rows.map((row) => `${row.body.type.display}: ${row.body.description ?? ''}`);
}

describe('listing users', () => {
  it('shows every membership with its roles and the grant sets held in full', async () => {
    const clinician = await t.createUser({ roles: ['Practitioner'] });
    const patient = await t.createUser({ roles: ['Patient'], profileType: 'Patient' });
    const list = await manager.client.request('GET', 'users');
    expect(list.status).toBe(200);
    const row = userOf(list.body, clinician.accountId);
    expect(row).toMatchObject({
      email: clinician.email,
      profile: `Practitioner/${clinician.profile.id}`,
      roles: ['Practitioner'],
      active: true,
      pendingInvite: false,
    });
    expect(row.grantSets).toEqual(expect.arrayContaining(['Read patients', 'Manage notes', 'Sign notes']));
    expect(row.grantSets).not.toContain('Manage users');
    expect(userOf(list.body, manager.accountId).grantSets).toEqual(expect.arrayContaining(['Manage users', 'Assign roles']));
    const portal = userOf(list.body, patient.accountId);
    expect(portal).toMatchObject({ profile: `Patient/${patient.profile.id}`, roles: ['Patient'] });
    expect(portal.grantSets).toContain('Patient portal self');
    expect(portal.grantSets).not.toContain('Read patients');
    expect(await auditDescriptions(list)).toEqual(['Query: ']);
  });

  it('is refused without CanManageUsers or CanViewPermission', async () => {
    const clinician = await t.createUser({ roles: ['Practitioner'] });
    const r = await clinician.client.request('GET', 'users');
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MESSAGES.forbidden);
  });
});

describe('changing roles', () => {
  it('lets a manager change roles within what it holds, and the user gets them at once', async () => {
    const target = await t.createUser({ roles: ['Practitioner'] });
    const role = await t.request('POST', 'SecurityRoles', {
      body: { name: 'Front desk', grantSets: ['Read patients', 'Manage appointments'] },
    });
    expect(role.status).toBe(201);
    const changed = await manager.client.request('PUT', `users/${target.accountId}/roles`, {
      body: { roles: [`SecurityRole/${role.body.id}`] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ accountId: target.accountId, roles: [`SecurityRole/${role.body.id}`] });
    expect(changed.body.grantSets).toEqual(expect.arrayContaining(['Read patients', 'Manage appointments']));
    expect(changed.body.grantSets).not.toContain('Manage notes');
    expect((await target.client.request('POST', 'Notes', { body: { partition: 'x' } })).status).toBe(403);
    expect(await auditDescriptions(changed)).toEqual([
      `Security Alert: Security roles changed: [Practitioner] -> [SecurityRole/${role.body.id}]`,
    ]);
  });

  it('lets the internal administrator hand out any practice role', async () => {
    const target = await t.createUser({ roles: ['Practitioner'] });
    const r = await t.request('PUT', `users/${target.accountId}/roles`, { body: { roles: ['Supervisor'] } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.grantSets).toEqual(expect.arrayContaining(['Co-sign notes', 'View supervision']));
  });

  it("refuses changing one's own roles", async () => {
    const r = await manager.client.request('PUT', `users/${manager.accountId}/roles`, {
      body: { roles: ['Administrative', 'Supervisor'] },
    });
    expect(r.status).toBe(403);
    const list = await t.request('GET', 'users');
    expect(userOf(list.body, manager.accountId).roles).toEqual(['Administrative']);
  });

  it("refuses changing the programs, supervisors or licences of one's own profile, which widen or free one as roles would", async () => {
    const role = await t.request('POST', 'SecurityRoles', {
      body: { display: 'Clinician who assigns roles', grantSets: ['Read patients', 'Assign roles'] },
    });
    expect(role.status, role.text).toBe(201);
    const assigner = await t.createUser({ roles: [`SecurityRole/${role.body.id}`] });
    const colleague = await t.createUser({ roles: ['Practitioner'] });
    const ownBefore = (await t.request('GET', `Practitioners/${assigner.profile.id}`)).body;
    const program = { resourceType: 'Program', id: 'prog-everything' };
    const changes = [
      { programs: [program] },
      { supervisors: [{ subject: { resourceType: 'Practitioner', id: colleague.profile.id } }] },
      { licences: [{ type: { code: 'LCSW' }, number: 'L-1', state: 'NY' }] },
    ];
    for (const change of changes) {
      const own = await assigner.client.request('PUT', `Practitioners/${ownBefore.id}?versionId=${ownBefore.meta.versionId}`, {
        body: { ...ownBefore, ...change },
      });
      expect(own.status, `${Object.keys(change)}: ${own.text}`).toBe(403);
    }
    expect((await t.request('GET', `Practitioners/${assigner.profile.id}`)).body.meta.versionId).toBe(ownBefore.meta.versionId);
    // Their name is theirs to correct, and a colleague's programs theirs to keep.
    const renamed = await assigner.client.request('PUT', `Practitioners/${ownBefore.id}?versionId=${ownBefore.meta.versionId}`, {
      body: { ...ownBefore, display: 'Renamed' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const theirs = (await t.request('GET', `Practitioners/${colleague.profile.id}`)).body;
    expect(
      (
        await assigner.client.request('PUT', `Practitioners/${theirs.id}?versionId=${theirs.meta.versionId}`, {
          body: { ...theirs, programs: [program] },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses handing out grant sets the caller does not hold in full, unless it manages roles', async () => {
    const target = await t.createUser({ roles: ['Practitioner'] });
    // A user who may assign roles but not manage them (no RoleManagement) stays within what it holds.
    const role = await t.request('POST', 'SecurityRoles', {
      body: { display: 'Role assigner', grantSets: ['Manage users', 'Assign roles'] },
    });
    expect(role.status).toBe(201);
    const assigner = await t.createUser({ roles: [`SecurityRole/${role.body.id}`] });
    const lacking = await assigner.client.request('PUT', `users/${target.accountId}/roles`, { body: { roles: ['Prescribing Clinician'] } });
    expect(lacking.status).toBe(403);
    expect(lacking.body.detail).toBe(MESSAGES.forbidden);
    const list = await t.request('GET', 'users');
    expect(userOf(list.body, target.accountId).roles).toEqual(['Practitioner']);
    expect((await target.client.request('POST', 'Medications', { body: { partition: 'x' } })).status).toBe(403);
    const denied = await auditDescriptions(lacking);
    expect(denied[0]).toMatch(/^Security Alert: Denied PUT .*cannot delegate grant sets/);
    // Administrative holds RoleManagement: it onboards clinicians without being one.
    const granted = await manager.client.request('PUT', `users/${target.accountId}/roles`, { body: { roles: ['Prescribing Clinician'] } });
    expect(granted.status).toBe(200);
  });

  it('refuses unknown roles with 400 and unknown users with 404', async () => {
    const target = await t.createUser({ roles: ['Practitioner'] });
    const unknown = await t.request('PUT', `users/${target.accountId}/roles`, { body: { roles: ['Practitioner', 'Wizard'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Role Wizard is not defined.');
    expect(unknown.body.issues).toEqual([{ path: 'roles.1', message: 'Role Wizard is not defined.' }]);
    expect((await t.request('PUT', `users/${target.accountId}/roles`, { body: { roles: ['SecurityRole/missing'] } })).status).toBe(400);
    expect((await t.request('PUT', 'users/no-such-account/roles', { body: { roles: [] } })).status).toBe(404);
  });

  it('refuses a body that is not a list of role names, naming roles, and changes nothing', async () => {
    const target = await t.createUser({ roles: ['Practitioner'] });
    const refusal = {
      title: 'Bad Request',
      status: 400,
      detail: 'Send roles as a list of role names.',
      issues: [{ path: 'roles', message: 'Send roles as a list of role names.' }],
    };
    for (const body of [{ roles: 'Practitioner' }, {}]) {
      expect((await t.request('PUT', `users/${target.accountId}/roles`, { body })).body, JSON.stringify(body)).toEqual(refusal);
    }
    const notNames = await t.request('PUT', `users/${target.accountId}/roles`, { body: { roles: [1] } });
    expect(notNames.body).toMatchObject({
      status: 400,
      detail: 'roles[0] is invalid.',
      issues: [{ path: 'roles.0', message: 'roles[0] is invalid.' }],
    });
    const list = await t.request('GET', 'users');
    expect(userOf(list.body, target.accountId).roles).toEqual(['Practitioner']);
  });
});

describe('deactivation', () => {
  it('signs the user out everywhere and refuses sign-in until reactivated', async () => {
    const target = await t.createUser({ roles: ['Practitioner'] });
    const phone = await visitor();
    await phone.signIn(target.email, TEST_PASSWORD);

    const off = await manager.client.request('POST', `users/${target.accountId}/deactivate`);
    expect(off.status, off.text).toBe(204);
    expect((await target.client.request('GET', 'Patients')).status).toBe(401);
    expect((await phone.request('GET', '/api/v1/auth/sessions')).status).toBe(401);
    const retry = await visitor();
    expect((await retry.request('POST', '/api/v1/auth/sign-in', { body: { email: target.email, password: TEST_PASSWORD } })).status).toBe(
      401,
    );
    expect(userOf((await t.request('GET', 'users')).body, target.accountId).active).toBe(false);
    expect(await auditDescriptions(off)).toEqual([
      `Security Alert: Deactivated user ${target.accountId} as Practitioner/${target.profile.id}`,
    ]);

    const on = await manager.client.request('POST', `users/${target.accountId}/activate`);
    expect(on.status).toBe(204);
    await retry.signIn(target.email, TEST_PASSWORD);
    expect((await retry.request('GET', 'Patients')).status).toBe(200);
  });

  it('refuses deactivating oneself, and callers without CanManageUsers', async () => {
    expect((await manager.client.request('POST', `users/${manager.accountId}/deactivate`)).status).toBe(403);
    const clinician = await t.createUser({ roles: ['Practitioner'] });
    const other = await t.createUser({ roles: ['Practitioner'] });
    expect((await clinician.client.request('POST', `users/${other.accountId}/deactivate`)).status).toBe(403);
    expect((await other.client.request('GET', 'Patients')).status).toBe(200);
  });

  it('restores a deactivated user only through an invite from a user manager', async () => {
    const support = await t.createUser({ roles: ['Support'] });
    const target = await t.createUser({ roles: ['Practitioner'] });
    expect((await manager.client.request('POST', `users/${target.accountId}/deactivate`)).status).toBe(204);
    // Support may invite, but not bring back someone a manager switched off.
    const plain = await support.client.request('POST', `Practitioners/${target.profile.id}/invite`, { body: { target: target.email } });
    expect(plain.status).toBe(403);
    const invite = await manager.client.request('POST', `Practitioners/${target.profile.id}/invite`, { body: { target: target.email } });
    expect(invite.status, invite.text).toBe(200);
    expect(invite.body).toMatchObject({ active: false, roles: ['Practitioner'] });

    // No SMTP_URL in this file: the message is in the outbox folder.
    const mail = (await outboxMessages()).find((m) => m.to === target.email);
    const token = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const page = await visitor();
    const accepted = await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: 'Restored-account-pass-8' } });
    expect(accepted.status).toBe(200);
    expect((await page.request('GET', 'Patients')).status).toBe(200);
    expect(userOf((await t.request('GET', 'users')).body, target.accountId).active).toBe(true);
  });
});
