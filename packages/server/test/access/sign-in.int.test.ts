import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { AUDIT_EVENT_SUBTYPES, AUDIT_EVENT_TYPES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../harness.ts';
import { auditEventsOf, isUnauthorized, pool } from './support.ts';

/**
 * Sign-in and sessions (issue 3, "Accounts and sessions"; docs/api.md): one answer for a wrong
 * password and an unknown e-mail; throttling after repeated failures (429 + Retry-After, audited
 * as a Security Alert); an HttpOnly, SameSite=Lax session cookie; a new session id at every
 * sign-in; the list of one's sessions, ending one of them, and signing out.
 *
 * Every address here is 127.0.0.1, shared by all test files of a run, and the server also throttles
 * per address (30 failures in 15 minutes), so this file fails as few sign-ins as it can; the test
 * of that limit signs in from an address of its own (any 127.x.y.z reaches the loopback server).
 */

const WRONG = 'The e-mail or password is incorrect.';
const SESSION = 'caseload_session';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** A client that has fetched its XSRF cookie, ready to sign in. */
async function freshClient(): Promise<ApiClient> {
  const c = t.anonymous();
  await c.request('GET', '/api/v1/auth/session');
  return c;
}

const attempt = (c: ApiClient, email: string, password: string) => c.request('POST', '/api/v1/auth/sign-in', { body: { email, password } });

function setCookie(r: ApiResponse, name: string): string | undefined {
  return r.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe('wrong credentials', () => {
  it('a wrong password and an unknown e-mail get the same 401 and message', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const c = await freshClient();
    const wrong = await attempt(c, user.email, 'not-the-password-1');
    const unknown = await attempt(c, `nobody-${user.email}`, 'not-the-password-1');
    expect([wrong.status, wrong.body.detail]).toEqual([401, WRONG]);
    expect([unknown.status, unknown.body.detail]).toEqual([401, WRONG]);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(wrong.body).sort());
    expect(setCookie(wrong, SESSION)).toBeUndefined();
    // The e-mail is matched whatever its case and surrounding spaces; the password exactly.
    expect((await attempt(c, ` ${user.email.toUpperCase()} `, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('throttling', () => {
  it('after 5 failures the next sign-in is a 429 with Retry-After, even with the right password, audited as a Security Alert', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const c = await freshClient();
    for (let i = 0; i < 5; i++) expect((await attempt(c, user.email, `wrong-password-${i}`)).status).toBe(401);
    const throttled = await attempt(c, user.email, TEST_PASSWORD);
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`).toBe(true);
    expect(setCookie(throttled, SESSION)).toBeUndefined();
    const events = await auditEventsOf(t, throttled);
    expect(events.map((e) => [e.practice_id, e.body.type.code, e.body.subtype?.code, e.body.outcome])).toEqual([
      [t.practiceId, AUDIT_EVENT_TYPES.securityAlert.code, AUDIT_EVENT_SUBTYPES.login.code, 'Failure'],
    ]);
    expect(events[0]!.body.agent.accountId).toBe(user.accountId);
    // Throttling is per e-mail: someone else from the same address still signs in.
    const other = await t.createUser({ roles: ['Practitioner'] });
    expect((await attempt(await freshClient(), other.email, TEST_PASSWORD)).status).toBe(200);
    // The user's existing session is not affected.
    expect((await user.client.request('GET', 'Patients')).status).toBe(200);
  });
});

/** A sign-in client calling from `localAddress`, keeping its cookies, over plain node:http. */
function clientFrom(localAddress: string) {
  const cookies = new Map<string, string>();
  const send = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const xsrf = cookies.get('XSRF-TOKEN');
      const request = http.request(new URL(path, t.url), {
        method,
        localAddress,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        for (const line of response.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      });
      request.end(payload);
    });
  return {
    async signIn(email: string, password: string) {
      if (!cookies.has('XSRF-TOKEN')) await send('GET', '/api/v1/auth/session');
      return send('POST', '/api/v1/auth/sign-in', { email, password });
    },
  };
}

describe('throttling per address', () => {
  it(
    'after 30 failures from one address (docs/identity.md) its next ' +
      'sign-in is a 429, even a right one; other addresses are unaffected',
    async () => {
      const user = await t.createUser({ roles: ['Practitioner'] });
      const address = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
      const c = clientFrom(address);
      // Thirty different e-mails, so the per-e-mail limit (5) never decides.
      for (let i = 0; i < 30; i++) {
        const r = await c.signIn(`nobody-${i}-${randomUUID().slice(0, 8)}@test.caseload`, 'not-the-password-1');
        expect(r.status, `failure ${i + 1} from ${address}`).toBe(401);
      }
      const throttled = await c.signIn(user.email, TEST_PASSWORD);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(throttled.text).detail).toBe('Too many failed sign-ins. Wait a few minutes and try again.');
      // The same account from another address signs in: the limit is the address's.
      expect((await attempt(await freshClient(), user.email, TEST_PASSWORD)).status).toBe(200);
    },
  );
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and the XSRF cookie is readable by the page', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const r = await (await freshClient()).signIn(user.email, TEST_PASSWORD);
    const session = setCookie(r, SESSION)!;
    expect(session).toBeDefined();
    const attributes = session.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    const xsrf = setCookie(r, 'XSRF-TOKEN')!;
    expect(xsrf.toLowerCase()).not.toContain('httponly');
    // The sign-in answer does not echo the session secret.
    expect(r.text).not.toContain(session.split(';')[0]!.split('=')[1]!);
  });

  it('gets a new id at every sign-in, whatever id the client brought (no session fixation)', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const c = await freshClient();
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    c.cookies.set(SESSION, planted);
    await c.signIn(user.email, TEST_PASSWORD);
    const first = c.cookies.get(SESSION)!;
    expect(first).not.toBe(planted);
    await c.signIn(user.email, TEST_PASSWORD);
    const second = c.cookies.get(SESSION)!;
    expect(second).not.toBe(first);
    const attacker = await freshClient();
    attacker.cookies.set(SESSION, planted);
    expect(isUnauthorized(await attacker.request('GET', 'Patients'))).toBe(true);
    // The database keeps hashes, never the secrets themselves.
    const stored = await pool(t).query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE account_id = $1', [user.accountId]);
    for (const secret of [first, second]) expect(stored.rows.map((r) => r.id_hash)).not.toContain(secret);
  });
});

describe("one's sessions", () => {
  it('lists every live session of the account, marks the current one, and ending another makes its next call a 401', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const laptop = user.client;
    const phone = await freshClient();
    await phone.signIn(user.email, TEST_PASSWORD);
    const list = await laptop.request('GET', '/api/v1/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // Ids are not the cookie secrets: listing one's sessions never hands out a usable cookie.
    for (const secret of [laptop.cookies.get(SESSION), phone.cookies.get(SESSION)]) {
      expect(JSON.stringify(list.body)).not.toContain(secret);
    }
    const other = list.body.find((s: { current: boolean }) => !s.current);
    expect((await laptop.request('DELETE', `/api/v1/auth/sessions/${other.id}`)).status).toBe(204);
    expect(isUnauthorized(await phone.request('GET', 'Patients'))).toBe(true);
    expect((await laptop.request('GET', 'Patients')).status).toBe(200);
    const after = await laptop.request('GET', '/api/v1/auth/sessions');
    expect(after.body.map((s: { id: string }) => s.id)).not.toContain(other.id);
  });

  it("another account's session cannot be ended (404), and stays live", async () => {
    const alice = await t.createUser({ roles: ['Practitioner'] });
    const bob = await t.createUser({ roles: ['Practitioner'] });
    const bobs = (await bob.client.request('GET', '/api/v1/auth/sessions')).body[0].id;
    expect((await alice.client.request('DELETE', `/api/v1/auth/sessions/${bobs}`)).status).toBe(404);
    expect((await bob.client.request('GET', 'Patients')).status).toBe(200);
  });

  it('sessions calls need a session (401) and ending one needs the XSRF header (403)', async () => {
    const anonymous = await freshClient();
    expect(isUnauthorized(await anonymous.request('GET', '/api/v1/auth/sessions'))).toBe(true);
    const user = await t.createUser({ roles: ['Practitioner'] });
    const mine = (await user.client.request('GET', '/api/v1/auth/sessions')).body[0].id;
    expect((await user.client.request('DELETE', `/api/v1/auth/sessions/${mine}`, { omitXsrf: true })).status).toBe(403);
    expect((await user.client.request('GET', 'Patients')).status).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session: the next call with the same cookie is a 401, and the session call says nobody is signed in', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const cookie = user.client.cookies.get(SESSION)!;
    const out = await user.client.request('POST', '/api/v1/auth/sign-out');
    expect(out.status).toBe(204);
    const cleared = setCookie(out, SESSION);
    expect(cleared, 'sign-out clears the session cookie').toBeDefined();
    user.client.cookies.set(SESSION, cookie);
    expect(isUnauthorized(await user.client.request('GET', 'Patients'))).toBe(true);
    expect((await user.client.request('GET', '/api/v1/auth/session')).status).toBe(204);
    const row = await pool(t).query<{ ended_at: Date | null }>('SELECT ended_at FROM sessions WHERE account_id = $1', [user.accountId]);
    expect(row.rows.every((r) => r.ended_at !== null)).toBe(true);
  });
});
