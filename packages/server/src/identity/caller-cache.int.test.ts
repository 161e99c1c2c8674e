import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../../test/harness.ts';

/**
 * The caller cache over HTTP: a signed-in user's second call does not look the caller up again,
 * and a cached caller never outlives a change on this server: deactivation, sign-out and role
 * changes apply to the very next call.
 */

let t: TestServer;
let patientId: string;

const statements = (r: ApiResponse) => Number(/"(\d+) statements"/.exec(r.headers.get('server-timing') ?? '')?.[1]);

beforeAll(async () => {
  t = await startTestServer();
  const patient = await t.request('POST', 'Patients', { body: { resourceType: 'Patient', display: 'Cached, Carl' } });
  patientId = patient.body.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the caller cache', () => {
  it('answers a repeated call without resolving the principal again', async () => {
    // A practice role costs the principal a statement of this request (reading the role).
    const role = await t.request('POST', 'SecurityRoles', { body: { name: 'Reader', grantSets: ['Read patients'] } });
    const user = await t.createUser({ roles: [`SecurityRole/${role.body.id}`] });
    const first = await user.client.request('GET', `Patients/${patientId}`);
    const second = await user.client.request('GET', `Patients/${patientId}`);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(statements(second)).toBeLessThan(statements(first));
  });

  it("refuses a deactivated user's cached caller at once", async () => {
    const manager = await t.createUser({ roles: ['Administrative'] });
    const user = await t.createUser({ roles: ['Practitioner'] });
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    expect((await manager.client.request('POST', `users/${user.accountId}/deactivate`)).status).toBe(204);
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(401);
  });

  it('applies a role change on the next call', async () => {
    const manager = await t.createUser({ roles: ['Administrative'] });
    const user = await t.createUser({ roles: ['Practitioner'] });
    const schedules = await t.request('POST', 'SecurityRoles', { body: { name: 'Schedules', grantSets: ['Manage schedules'] } });
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    const changed = await manager.client.request('PUT', `users/${user.accountId}/roles`, {
      body: { roles: [`SecurityRole/${schedules.body.id}`] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(403);
  });

  it("applies a change to a practice role's grant sets on the next call", async () => {
    const role = await t.request('POST', 'SecurityRoles', { body: { name: 'Changing', grantSets: ['Read patients'] } });
    const user = await t.createUser({ roles: [`SecurityRole/${role.body.id}`] });
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    const emptied = await t.request('PUT', `SecurityRoles/${role.body.id}`, { body: { ...role.body, grantSets: ['Manage schedules'] } });
    expect(emptied.status, emptied.text).toBe(200);
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(403);
  });

  it('refuses a signed-out session at once', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    expect((await user.client.request('GET', `Patients/${patientId}`)).status).toBe(200);
    const cookies = Object.fromEntries(user.client.cookies);
    expect((await user.client.request('POST', '/api/v1/auth/sign-out')).status).toBeLessThan(300);
    // The old cookie, replayed after signing out.
    const replay = await fetch(t.practiceUrl(`Patients/${patientId}`), {
      headers: {
        cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });
    expect(replay.status).toBe(401);
  });

  it('makes a write wait for the cache only when it wrote a type that changes callers', async () => {
    const listener = t.server.app.callerListener;
    const before = listener.syncs;
    const patient = await t.request('POST', 'Patients', { body: { resourceType: 'Patient', display: 'Unsynced, Una' } });
    expect(patient.status).toBe(201);
    const patched = await t.request('PATCH', `Patients/${patient.body.id}?versionId=${patient.body.meta.versionId}`, {
      body: [{ op: 'add', path: '/display', value: 'Unsynced, Ursula' }],
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patched.status).toBe(200);
    expect(listener.syncs).toBe(before);
    // A practice role notifies every server's cache, so its write waits to hear its own commit.
    const role = await t.request('POST', 'SecurityRoles', { body: { name: 'Synced', grantSets: ['Read patients'] } });
    expect(role.status).toBe(201);
    expect(listener.syncs).toBe(before + 1);
  });
});

describe('the caller cache when its listening connection stops answering', () => {
  /** Polls until `check` holds, or fails after `ms`. */
  async function until(check: () => boolean, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('stops caching instead of holding a write for ever, and caches again on a new connection', async () => {
    const s = await startTestServer({ env: { databaseLimits: { connectMs: 2_000, statementMs: 2_000, longStatementMs: 5_000 } } });
    const listener = s.server.app.callerListener;
    let frozen: number | undefined;
    try {
      await until(() => listener.backendPid !== undefined, 10_000, 'listening');
      frozen = listener.backendPid!;
      // The PostgreSQL process behind the listening connection freezes; the rest of the database answers.
      process.kill(frozen, 'SIGSTOP');
      // A write that changes callers waits for its notification on that connection before it answers.
      // The listener stays frozen until the end of the test, so any answer at all shows the write was
      // not held for it; the deadline only keeps a held write from hanging the run.
      const answer = s.request('POST', 'SecurityRoles', { body: { name: 'Frozen listener', grantSets: ['Read patients'] } });
      let deadline: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        deadline = setTimeout(() => reject(new Error('the write was held')), 20_000);
      });
      const role = await Promise.race([answer, late]).finally(() => clearTimeout(deadline));
      expect(role.status, role.text).toBe(201);
      // Listening again, on another connection, the cache answers a repeated call again.
      await until(() => listener.backendPid !== undefined && listener.backendPid !== frozen, 10_000, 'listening again');
      const patient = await s.request('POST', 'Patients', { body: { resourceType: 'Patient', display: 'Relistened, Rita' } });
      const user = await s.createUser({ roles: ['Practitioner'] });
      const first = await user.client.request('GET', `Patients/${patient.body.id}`);
      const second = await user.client.request('GET', `Patients/${patient.body.id}`);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(statements(second)).toBeLessThan(statements(first));
    } finally {
      if (frozen !== undefined) process.kill(frozen, 'SIGCONT');
      await s.close();
    }
  });
});
