import { randomUUID } from 'node:crypto';
import { MESSAGES, rolePermissions, zonedClock } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { SmtpCapture, linkToken } from '../mail/smtp-capture.ts';
import { LINK_INVALID } from './invite-tokens.ts';
import { PASSWORD_POLICY } from './password.ts';
import { hashSecret } from './session-store.ts';

/**
 * Invites (SPEC.md section 7, docs/identity.md) against the real server, with mail going over
 * real SMTP to a capture server on loopback: the link arrives, accepting it sets a password and
 * signs in, and the link works exactly once.
 */

let smtp: SmtpCapture;
let t: TestServer;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  t = await startTestServer({ env: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@test.caseload`;
const GOOD_PASSWORD = 'Blue-harbour-lantern-77';

async function create(collection: string, body: Record<string, unknown> = {}) {
  const r = await t.request('POST', collection, { body: { display: `${collection} ${randomUUID().slice(0, 4)}`, ...body } });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: string };
}

/** A browser that has visited once (it holds an XSRF cookie) but is not signed in. */
async function visitor() {
  const client = t.anonymous();
  await client.request('GET', '/api/v1/auth/session');
  return client;
}

async function accountRow(email: string) {
  const r = await t.server.app.db.pool.query('SELECT * FROM accounts WHERE email = $1', [email]);
  return r.rows[0] as { id: string; password_hash: string | null } | undefined;
}

describe('inviting a patient', () => {
  it('e-mails a link that signs the patient up exactly once', async () => {
    const patient = await create('Patients');
    const other = await create('Patients');
    const email = newEmail('patient');

    const invite = await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: email.toUpperCase() } });
    expect(invite.status, invite.text).toBe(201);
    expect(invite.body).toMatchObject({ email, profile: `Patient/${patient.id}`, roles: ['Patient'], active: false });

    const mail = await smtp.waitFor(email);
    expect(mail.from).toContain('no-reply@caseload.local');
    expect(mail.subject).toBe('You are invited to Caseload');
    expect(mail.text).toContain(`${t.url}/accept-invite?token=`);
    const token = linkToken(mail, '/accept-invite');
    expect(mail.html).toContain(`/accept-invite?token=${token}`);
    // Only the hash is stored.
    const stored = await t.server.app.db.pool.query('SELECT token_hash, kind, expires_at FROM one_time_tokens WHERE token_hash = $1', [
      hashSecret(token),
    ]);
    expect(stored.rows[0]?.kind).toBe('invite');
    const lifetime = new Date(stored.rows[0]!.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000);
    // The expiry is told on the practice's clock (New York, as it sets no zone), the zone named.
    expect(mail.text).toContain(
      `expires on ${zonedClock('America/New_York', { nameZone: true }).formatDateTime(stored.rows[0]!.expires_at)}.`,
    );

    const page = await visitor();
    const status = await page.request('GET', `/api/v1/auth/invites/${token}`);
    expect(status.body).toMatchObject({ valid: true, email, practiceId: t.practiceId, hasPassword: false });
    // Not signed up yet: there is no password to sign in with.
    const early = await page.request('POST', '/api/v1/auth/sign-in', { body: { email, password: GOOD_PASSWORD } });
    expect(early.status).toBe(401);

    const weak = await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: 'short1' } });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(PASSWORD_POLICY);
    expect(weak.body.issues).toEqual([{ path: 'password', message: PASSWORD_POLICY }]);
    // A refused password does not use the link up.
    expect((await page.request('GET', `/api/v1/auth/invites/${token}`)).body.valid).toBe(true);

    const accepted = await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: GOOD_PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.account.email).toBe(email);
    // Each profile carries what its roles permit (who-am-i.ts), sorted: for a patient login the
    // Patient role's permissions, which do not include reading other charts' notes.
    const patientPermissions = [...rolePermissions('Patient')].sort();
    expect(accepted.body.profiles).toEqual([
      // The test practice has no name of its own (null: the portal shows its id).
      {
        practiceId: t.practiceId,
        practiceName: null,
        profile: `Patient/${patient.id}`,
        roles: ['Patient'],
        permissions: patientPermissions,
      },
    ]);
    expect(patientPermissions).toContain('Patient:Read');
    expect(patientPermissions).not.toContain('Note:Read');
    expect(accepted.body.session.current).toBe(true);
    // The same body sign-in and the session call answer with.
    const session = await page.request('GET', '/api/v1/auth/session');
    expect({ ...session.body, session: { ...session.body.session, lastSeenAt: 0 } }).toEqual({
      ...accepted.body,
      session: { ...accepted.body.session, lastSeenAt: 0 },
    });

    // Signed in as the patient: their own record, nobody else's.
    const own = await page.request('GET', `Patients/${patient.id}`, { headers: { 'x-profile': `Patient/${patient.id}` } });
    expect(own.status).toBe(200);
    expect((await page.request('GET', `Patients/${other.id}`)).status).toBe(404);

    // Replaying the link: refused, and nothing changes.
    const before = await accountRow(email);
    const attacker = await visitor();
    const replay = await attacker.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: 'Another-long-password-9' } });
    expect(replay.status).toBe(400);
    expect(replay.body.detail).toBe(LINK_INVALID);
    expect(attacker.cookies.has('caseload_session')).toBe(false);
    expect((await accountRow(email))?.password_hash).toBe(before?.password_hash);
    expect((await attacker.request('GET', `/api/v1/auth/invites/${token}`)).body).toEqual({ valid: false, detail: LINK_INVALID });
    const again = await visitor();
    expect((await again.request('POST', '/api/v1/auth/sign-in', { body: { email, password: 'Another-long-password-9' } })).status).toBe(
      401,
    );
    expect((await again.request('POST', '/api/v1/auth/sign-in', { body: { email, password: GOOD_PASSWORD } })).status).toBe(200);

    // Inviting again re-sends (200) to the now active member.
    const resent = await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: email } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ active: true, roles: ['Patient'] });
    await smtp.waitFor(email, 2);

    const audit = await t.server.app.db.pool.query(
      `SELECT body FROM r_audit_event WHERE practice_id = $1 AND body->>'requestId' = ANY($2::text[])`,
      [t.practiceId, [invite.headers.get('x-request-id'), accepted.headers.get('x-request-id')]],
    );
    const descriptions = audit.rows.map((r) => r.body.description).filter(Boolean);
    expect(descriptions).toContain(`Invite sent to Patient/${patient.id} (account ${accepted.body.account.id})`);
    expect(descriptions).toContain('Invite accepted: password set and signed in');
    expect(audit.rows.find((r) => r.body.description?.startsWith('Invite sent'))?.body.patient).toEqual({
      resourceType: 'Patient',
      id: patient.id,
    });
  });

  it('refuses an expired link and leaves the membership waiting', async () => {
    const patient = await create('Patients');
    const email = newEmail('late');
    expect((await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: email } })).status).toBe(201);
    const token = linkToken(await smtp.waitFor(email), '/accept-invite');
    await t.server.app.db.pool.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashSecret(token),
    ]);

    const page = await visitor();
    expect((await page.request('GET', `/api/v1/auth/invites/${token}`)).body.valid).toBe(false);
    const late = await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: GOOD_PASSWORD } });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(LINK_INVALID);
    expect((await accountRow(email))?.password_hash).toBeNull();
    const users = await t.request('GET', 'users');
    expect(users.body.find((u: any) => u.email === email)).toMatchObject({ active: false, pendingInvite: false });

    // Someone who never signed up can simply be invited again.
    expect((await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: email } })).status).toBe(200);
    const fresh = linkToken(await smtp.waitFor(email, 2), '/accept-invite');
    expect((await page.request('POST', '/api/v1/auth/invites/accept', { body: { token: fresh, password: GOOD_PASSWORD } })).status).toBe(
      200,
    );
  });
});

describe('inviting staff and related persons', () => {
  it('links a new practitioner as Practitioner, pending until accepted', async () => {
    const practitioner = await create('Practitioners');
    const email = newEmail('staff');
    const invite = await t.request('POST', `Practitioners/${practitioner.id}/invite`, { body: { target: email } });
    expect(invite.status).toBe(201);
    expect(invite.body.roles).toEqual(['Practitioner']);
    const token = linkToken(await smtp.waitFor(email), '/accept-invite');
    const page = await visitor();
    const accepted = await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: GOOD_PASSWORD } });
    expect(accepted.status).toBe(200);
    expect((await page.request('GET', 'Patients')).status).toBe(200);
  });

  it('gives a related person a portal login with no staff roles', async () => {
    const patient = await create('Patients');
    const related = await create('RelatedPeople', { partition: patient.id });
    const email = newEmail('related');
    const invite = await t.request('POST', `RelatedPeople/${related.id}/invite`, { body: { target: email } });
    expect(invite.status, invite.text).toBe(201);
    expect(invite.body.roles).toEqual([]);
    const token = linkToken(await smtp.waitFor(email), '/accept-invite');
    const page = await visitor();
    expect((await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: GOOD_PASSWORD } })).status).toBe(200);
    expect((await page.request('GET', `Patients/${patient.id}`)).status).toBe(200);
  });
});

describe('who may invite', () => {
  it('refuses callers without the invite right or clinical access, with nothing created or sent', async () => {
    const patient = await create('Patients');
    const practitioner = await create('Practitioners');
    const billing = await t.createUser({ roles: ['Services'] });
    const clinician = await t.createUser({ roles: ['Practitioner'] });
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patient.id });

    const attempts = [
      [billing.client, `Patients/${patient.id}/invite`],
      [billing.client, `Practitioners/${practitioner.id}/invite`],
      [clinician.client, `Practitioners/${practitioner.id}/invite`],
      [portal.client, `Patients/${patient.id}/invite`],
    ] as const;
    for (const [client, path] of attempts) {
      const email = newEmail('nobody');
      const r = await client.request('POST', path, { body: { target: email } });
      expect(r.status, path).toBe(403);
      expect(r.body.detail).toBe(MESSAGES.forbidden);
      expect(await accountRow(email)).toBeUndefined();
    }
    expect(smtp.messages.filter((m) => m.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
    const signedOut = await visitor();
    expect((await signedOut.request('POST', `Patients/${patient.id}/invite`, { body: { target: newEmail('x') } })).status).toBe(401);
  });

  it('lets a clinician invite only patients within their population', async () => {
    const practiceId = `inv-${randomUUID().slice(0, 12)}`;
    expect((await t.request('POST', `/api/v1/database/${practiceId}`)).status).toBe(204);
    const at = (path: string) => `/api/v1/practices/${practiceId}/${path}`;
    const clinician = await t.createUser({ roles: ['Practitioner'], practiceId });
    await t.request('POST', at('PracticePreferences'), { body: { display: 'preferences', patientPopulationLevel: 'CareTeam' } });
    const team = { careTeam: [{ member: { resourceType: 'Practitioner', id: clinician.profile.id } }] };
    const mine = await t.request('POST', at('Patients'), { body: { display: 'Mine', ...team } });
    const theirs = await t.request('POST', at('Patients'), { body: { display: 'Not mine' } });

    const email = newEmail('by-clinician');
    const r = await clinician.client.request('POST', at(`Patients/${mine.body.id}/invite`), { body: { target: email } });
    expect(r.status, r.text).toBe(201);
    await smtp.waitFor(email);
    // Outside the care team the patient does not exist for them.
    const outside = newEmail('outside');
    const hidden = await clinician.client.request('POST', at(`Patients/${theirs.body.id}/invite`), { body: { target: outside } });
    expect(hidden.status).toBe(404);
    expect(await accountRow(outside)).toBeUndefined();
  });

  it('lets exactly one of two simultaneous accepts of a link through', async () => {
    const patient = await create('Patients');
    const email = newEmail('race');
    await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: email } });
    const token = linkToken(await smtp.waitFor(email), '/accept-invite');
    const [a, b] = [await visitor(), await visitor()];
    const answers = await Promise.all([
      a.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: 'First-racer-password-1' } }),
      b.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: 'Second-racer-password-2' } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'First-racer-password-1' : 'Second-racer-password-2';
    const check = await visitor();
    expect((await check.request('POST', '/api/v1/auth/sign-in', { body: { email, password: winner } })).status).toBe(200);
  });

  it('answers 404 for other collections and unknown profiles, 400 for a bad target, 409 for a profile linked to someone else', async () => {
    const patient = await create('Patients');
    expect((await t.request('POST', `Notes/${patient.id}/invite`, { body: { target: newEmail('n') } })).status).toBe(404);
    expect((await t.request('POST', `Patients/nope-${randomUUID()}/invite`, { body: { target: newEmail('n') } })).status).toBe(404);
    for (const body of [{}, { target: 'not-an-email' }, { target: 42 }]) {
      const r = await t.request('POST', `Patients/${patient.id}/invite`, { body });
      expect(r.status).toBe(400);
      expect(r.body.issues?.[0]?.path).toBe('target');
    }
    expect((await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: newEmail('first') } })).status).toBe(201);
    const second = await t.request('POST', `Patients/${patient.id}/invite`, { body: { target: newEmail('second') } });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('This profile is already linked to another account.');
  });
});

describe('an invite gives no more than the inviter could grant', () => {
  /**
   * Issue 17: a case manager (Invite users, population level Program) must not take over another
   * clinician's profile: not by inviting its own e-mail, nor by inviting anyone to a profile that
   * reaches patients the case manager does not.
   */
  let practiceId: string;
  let caseManager: TestUser;
  let wider: { id: string };
  let narrower: { id: string };
  /** A clinician profile of both programs, as `wider`, for each test its own. */
  let widerProfile: () => Promise<{ id: string }>;
  const at = (path: string) => `/api/v1/practices/${practiceId}/${path}`;
  const seedIn = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', at(path), { body });
    expect(r.status, r.text).toBe(201);
    return r.body as { id: string };
  };

  beforeAll(async () => {
    practiceId = `inv-reach-${randomUUID().slice(0, 8)}`;
    expect((await t.request('POST', `/api/v1/database/${practiceId}`)).status).toBe(204);
    await seedIn('PracticePreferences', { display: 'preferences', patientPopulationLevel: 'Program' });
    const [intake, residential] = [await seedIn('Programs', { name: 'Intake' }), await seedIn('Programs', { name: 'Residential' })];
    const program = (p: { id: string }) => ({ resourceType: 'Program', id: p.id });
    for (const [i, p] of [intake, residential].entries()) {
      const patient = await seedIn('Patients', { names: [{ given: [`Enrolled${i}`], family: 'Patient' }] });
      await seedIn('EpisodesOfCare', { partition: patient.id, status: 'active', programs: [{ program: program(p) }] });
    }
    const own = await seedIn('Practitioners', { names: [{ given: ['Casey'], family: 'Manager' }], programs: [program(intake)] });
    caseManager = await t.createUser({ roles: ['Case Management'], practiceId, profileId: own.id });
    widerProfile = () =>
      seedIn('Practitioners', { names: [{ given: ['Wade'], family: 'Wider' }], programs: [program(intake), program(residential)] });
    wider = await widerProfile();
    narrower = await seedIn('Practitioners', { names: [{ given: ['Nora'], family: 'Narrower' }], programs: [program(intake)] });
  });

  const membershipOf = async (profileId: string) =>
    (
      await t.server.app.db.pool.query('SELECT account_id FROM memberships WHERE practice_id = $1 AND profile_id = $2', [
        practiceId,
        profileId,
      ])
    ).rows;

  it("refuses inviting one's own account to another profile, linking nothing and sending nothing", async () => {
    const sent = smtp.messages.length;
    for (const profile of [wider, narrower]) {
      const r = await caseManager.client.request('POST', at(`Practitioners/${profile.id}/invite`), {
        body: { target: caseManager.email.toUpperCase() },
      });
      expect(r.status, r.text).toBe(403);
      expect(r.body.detail).toBe(MESSAGES.forbidden);
      expect(await membershipOf(profile.id)).toEqual([]);
    }
    expect(smtp.messages.length).toBe(sent);
    expect((await caseManager.client.request('GET', at('Patients'))).body).toHaveLength(1);
  });

  it('refuses linking anyone to a profile that reaches patients the inviter does not, and allows one within its reach', async () => {
    const outsider = newEmail('accomplice');
    const unused = await widerProfile();
    const refused = await caseManager.client.request('POST', at(`Practitioners/${unused.id}/invite`), { body: { target: outsider } });
    expect(refused.status, refused.text).toBe(403);
    expect(await membershipOf(unused.id)).toEqual([]);
    expect(await accountRow(outsider)).toBeUndefined();

    const colleague = newEmail('colleague');
    const allowed = await caseManager.client.request('POST', at(`Practitioners/${narrower.id}/invite`), { body: { target: colleague } });
    expect(allowed.status, allowed.text).toBe(201);
    await smtp.waitFor(colleague);
  });
});

describe('a second profile of one account', () => {
  it('acts only when chosen: the first profile stays the default, and the audit trail names the account with either', async () => {
    const first = await t.createUser({ roles: ['Practitioner'] });
    // A profile whose id sorts before the first's, so no order but the link order keeps the first first.
    const second = `0000-${randomUUID()}`;
    const put = await t.request('PUT', `Practitioners/${second}`, {
      body: { id: second, names: [{ given: ['Second'], family: 'Profile' }] },
    });
    expect(put.status, put.text).toBe(201);
    const invite = await t.request('POST', `Practitioners/${second}/invite`, { body: { target: first.email } });
    expect(invite.status, invite.text).toBe(201);
    const token = linkToken(await smtp.waitFor(first.email), '/accept-invite');
    const page = await visitor();
    const accepted = await page.request('POST', '/api/v1/auth/invites/accept', { body: { token, password: GOOD_PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.profiles.map((p: { profile: string }) => p.profile)).toEqual([
      `Practitioner/${first.profile.id}`,
      `Practitioner/${second}`,
    ]);

    const patient = await create('Patients');
    const plain = await page.request('GET', `Patients/${patient.id}`);
    const chosen = await page.request('GET', `Patients/${patient.id}`, { headers: { 'x-profile': `Practitioner/${second}` } });
    expect([plain.status, chosen.status]).toEqual([200, 200]);
    const agents = await t.server.app.db.pool.query(
      `SELECT body->>'requestId' AS request, body->'agent' AS agent FROM r_audit_event WHERE body->>'requestId' = ANY($1::text[])`,
      [[plain.headers.get('x-request-id'), chosen.headers.get('x-request-id')]],
    );
    const agentOf = (r: { headers: Headers }) => agents.rows.find((row) => row.request === r.headers.get('x-request-id'))?.agent;
    expect(agentOf(plain)).toMatchObject({ who: { resourceType: 'Practitioner', id: first.profile.id }, accountId: first.accountId });
    expect(agentOf(chosen)).toMatchObject({ who: { resourceType: 'Practitioner', id: second }, accountId: first.accountId });
  });
});
