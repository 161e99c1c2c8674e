import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_PASSWORD, startTestServer, type TestServer } from '../../test/harness.ts';
import { SmtpCapture, linkToken } from '../mail/smtp-capture.ts';
import { LINK_INVALID } from './invite-tokens.ts';
import { PASSWORD_POLICY } from './password.ts';
import { RESET_THROTTLE } from './password-reset.service.ts';
import { hashSecret } from './session-store.ts';

/**
 * Password reset (docs/identity.md) over real SMTP: the request never reveals whether an e-mail
 * exists, the link works once within the hour, and a new password ends every session.
 */

let smtp: SmtpCapture;
let t: TestServer;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  t = await startTestServer({ env: { smtpUrl: smtp.url, publicUrl: 'https://caseload.example.org' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const NEW_PASSWORD = 'Quiet-meadow-orchard-31';

async function visitor(): Promise<ApiClient> {
  const client = t.anonymous();
  await client.request('GET', '/api/v1/auth/session');
  return client;
}

async function resetTokens(accountId: string) {
  const r = await t.server.app.db.pool.query(`SELECT * FROM one_time_tokens WHERE account_id = $1 AND kind = 'reset'`, [accountId]);
  return r.rows;
}

describe('password reset', () => {
  it('sets a new password from the e-mailed link and signs the account out everywhere', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const laptop = await visitor();
    await laptop.signIn(user.email, TEST_PASSWORD);
    expect((await user.client.request('GET', `Practitioners/${user.profile.id}`)).status).toBe(200);

    const page = await visitor();
    const asked = await page.request('POST', '/api/v1/auth/password-reset', { body: { email: ` ${user.email.toUpperCase()} ` } });
    expect(asked.status).toBe(204);
    expect(asked.text).toBe('');
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Reset your Caseload password');
    // Links use CASELOAD_PUBLIC_URL when it is set.
    expect(mail.text).toContain('https://caseload.example.org/reset-password?token=');
    const token = linkToken(mail, '/reset-password');
    const [stored] = await resetTokens(user.accountId);
    expect(stored.token_hash).toBe(hashSecret(token));
    const lifetime = new Date(stored.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    const weak = await page.request('POST', '/api/v1/auth/password-reset/complete', { body: { token, password: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(PASSWORD_POLICY);
    // The old password still works until the reset completes.
    expect((await user.client.request('GET', `Practitioners/${user.profile.id}`)).status).toBe(200);

    const done = await page.request('POST', '/api/v1/auth/password-reset/complete', { body: { token, password: NEW_PASSWORD } });
    expect(done.status, done.text).toBe(204);

    // Every session of the account has ended.
    expect((await user.client.request('GET', `Practitioners/${user.profile.id}`)).status).toBe(401);
    expect((await laptop.request('GET', '/api/v1/auth/sessions')).status).toBe(401);
    const signIn = await visitor();
    expect((await signIn.request('POST', '/api/v1/auth/sign-in', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      401,
    );
    expect((await signIn.request('POST', '/api/v1/auth/sign-in', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(
      200,
    );

    // The link worked once.
    const replay = await page.request('POST', '/api/v1/auth/password-reset/complete', {
      body: { token, password: 'Yet-another-password-5' },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.detail).toBe(LINK_INVALID);
    expect((await signIn.request('GET', `Practitioners/${user.profile.id}`)).status).toBe(200);

    const audit = await t.server.app.db.pool.query(
      `SELECT body->>'description' AS d FROM r_audit_event WHERE practice_id = $1 AND body->>'requestId' = ANY($2::text[])`,
      [t.practiceId, [asked.headers.get('x-request-id'), done.headers.get('x-request-id')]],
    );
    expect(audit.rows.map((r) => r.d).sort()).toEqual(['Password reset link sent', 'Password reset: password changed, all sessions ended']);
  });

  it('answers 204 for an unknown e-mail and sends nothing', async () => {
    const unknown = `nobody-${randomUUID().slice(0, 8)}@test.caseload`;
    const page = await visitor();
    const r = await page.request('POST', '/api/v1/auth/password-reset', { body: { email: unknown } });
    expect(r.status).toBe(204);
    // A known e-mail asked afterwards arrives; the unknown one never does.
    const user = await t.createUser({ roles: ['Practitioner'] });
    await page.request('POST', '/api/v1/auth/password-reset', { body: { email: user.email } });
    await smtp.waitFor(user.email);
    expect(smtp.to(unknown)).toEqual([]);
    const accounts = await t.server.app.db.pool.query('SELECT 1 FROM accounts WHERE email = $1', [unknown]);
    expect(accounts.rowCount).toBe(0);
    const audit = await t.server.app.db.pool.query(`SELECT body->>'description' AS d FROM r_audit_event WHERE body->>'requestId' = $1`, [
      r.headers.get('x-request-id'),
    ]);
    expect(audit.rows.map((row) => row.d)).toEqual(['Password reset not sent: unknown e-mail']);
  });

  it(`sends at most ${RESET_THROTTLE.perEmail} links per e-mail in ${RESET_THROTTLE.windowMs / 60_000} minutes, silently`, async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const page = await visitor();
    for (let i = 0; i < RESET_THROTTLE.perEmail + 2; i++) {
      expect((await page.request('POST', '/api/v1/auth/password-reset', { body: { email: user.email } })).status).toBe(204);
    }
    expect(await resetTokens(user.accountId)).toHaveLength(RESET_THROTTLE.perEmail);
    await smtp.waitFor(user.email, RESET_THROTTLE.perEmail);
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const page = await visitor();
    await page.request('POST', '/api/v1/auth/password-reset', { body: { email: user.email } });
    const token = linkToken(await smtp.waitFor(user.email), '/reset-password');
    await t.server.app.db.pool.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashSecret(token),
    ]);
    const late = await page.request('POST', '/api/v1/auth/password-reset/complete', { body: { token, password: NEW_PASSWORD } });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(LINK_INVALID);
    expect((await user.client.request('GET', `Practitioners/${user.profile.id}`)).status).toBe(200);
  });

  it('refuses malformed requests with 400', async () => {
    const page = await visitor();
    expect((await page.request('POST', '/api/v1/auth/password-reset', { body: {} })).status).toBe(400);
    expect(
      (await page.request('POST', '/api/v1/auth/password-reset/complete', { body: { token: 'x', password: NEW_PASSWORD } })).status,
    ).toBe(400);
  });
});
