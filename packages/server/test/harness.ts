import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { ensureAccount, upsertMembership } from '../src/identity/account-store.ts';
import { hashPassword } from '../src/identity/password.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { ApiClient, type ApiResponse, type CallRecord, type RequestOptions } from './api-client.ts';

export type { ApiResponse, RequestOptions };
export { ApiClient };

export const TEST_PASSWORD = 'correct-horse-battery-9';

export interface TestUser {
  client: ApiClient;
  email: string;
  accountId: string;
  profile: { resourceType: string; id: string };
}

export interface NewUser {
  roles: string[];
  profileType?: 'Practitioner' | 'Patient' | 'RelatedPerson';
  /** An existing profile resource; by default a Practitioner is created for staff. */
  profileId?: string;
  practiceId?: string;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  practiceId: string;
  /** The internal administrator (associate SysAdmin), signed in. */
  admin: ApiClient;
  /** The URL of a practice collection path: `Patients`, `Patients/123/_history`. */
  practiceUrl(pathInPractice: string): string;
  /** Calls the real server over HTTP as the administrator; `/`-paths are absolute, others practice-relative. */
  request<T = any>(method: string, pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A signed-out client (it has no cookies yet). */
  anonymous(): ApiClient;
  /** A user of the practice with the given roles, signed in. */
  createUser(user: NewUser): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * Starts the real Caseload server on a free port against the run's test database, signs in its
 * internal administrator and provisions a practice network of the test file's own, so test files
 * never see each other's data.
 */
export async function startTestServer(options: { env?: Partial<Config> } = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-test-'));
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@test.caseload`;
  const config = {
    ...loadConfig({}),
    port: 0,
    databaseUrl: inject('databaseUrl'),
    dataDir,
    maxContentBytes: 8 * 1024 * 1024,
    adminEmail,
    adminPassword: TEST_PASSWORD,
    ...options.env,
  };
  const server = await startServer(config, { log: () => {} });
  const practiceId = `t-${randomUUID().slice(0, 18)}`;
  const practiceUrl = (p: string) => `${server.url}/api/v1/practices/${practiceId}/${p}`;
  const clients: ApiClient[] = [];
  const newClient = (practice = practiceId) => {
    const client = new ApiClient(server.url, `${server.url}/api/v1/practices/${practice}/`);
    clients.push(client);
    return client;
  };
  const admin = newClient();
  await admin.signIn(adminEmail, TEST_PASSWORD);
  const provisioned = await admin.request('POST', `/api/v1/database/${practiceId}`);
  if (provisioned.status !== 204) throw new Error(`could not provision ${practiceId}: ${provisioned.status}`);

  async function createUser(user: NewUser): Promise<TestUser> {
    const practice = user.practiceId ?? practiceId;
    const profileType = user.profileType ?? 'Practitioner';
    let profileId = user.profileId;
    if (!profileId) {
      const created = await admin.request('POST', `/api/v1/practices/${practice}/${profileType}s`, {
        body: { display: `${user.roles.join(' ')} ${randomUUID().slice(0, 4)}` },
      });
      if (created.status !== 201) throw new Error(`could not create ${profileType}: ${created.status} ${created.text}`);
      profileId = created.body.id as string;
    }
    const email = `${profileType.toLowerCase()}-${randomUUID().slice(0, 8)}@test.caseload`;
    // Accounts are made the way the invite flow makes them, minus the e-mail round trip.
    const account = await ensureAccount(server.app.db.pool, email, { passwordHash: await hashPassword(TEST_PASSWORD) });
    await upsertMembership(server.app.db.pool, { accountId: account.id, practiceId: practice, profileType, profileId, roles: user.roles });
    const client = newClient(practice);
    await client.signIn(email, TEST_PASSWORD);
    return { client, email, accountId: account.id, profile: { resourceType: profileType, id: profileId } };
  }

  return {
    server,
    url: server.url,
    practiceId,
    admin,
    practiceUrl,
    request: (method, pathOrUrl, options) => admin.request(method, pathOrUrl, options),
    anonymous: () => newClient(),
    createUser,
    async close() {
      try {
        await assertEveryCallAudited(
          server,
          clients.flatMap((c) => c.calls),
        );
      } finally {
        await server.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Every successful or refused call on practice data must have left at least one audit event with
 * its request id, and every such event must name the caller's account beside the acting profile
 * (two profiles of one account are one person): checked against the database after each test
 * file, not assumed.
 */
async function assertEveryCallAudited(server: RunningServer, calls: CallRecord[]): Promise<void> {
  const audited = calls.filter(
    (c) => c.requestId && c.url.includes('/api/v1/practices/') && ((c.status >= 200 && c.status < 300) || c.status === 403),
  );
  if (audited.length === 0) return;
  const ids = [...new Set(audited.map((c) => c.requestId!))];
  const found = await server.app.db.pool.query<{ id: string; anonymous: boolean }>(
    `SELECT body->>'requestId' AS id, bool_or(body->'agent'->>'accountId' IS NULL) AS anonymous
     FROM r_audit_event WHERE body->>'requestId' = ANY($1::text[]) GROUP BY 1`,
    [ids],
  );
  const seen = new Set(found.rows.map((r) => r.id));
  const missing = audited.filter((c) => !seen.has(c.requestId!));
  if (missing.length > 0) {
    const sample = missing
      .slice(0, 5)
      .map((c) => `${c.method} ${c.url} -> ${c.status}`)
      .join('; ');
    throw new Error(`${missing.length} calls left no audit event, e.g. ${sample}`);
  }
  const anonymous = new Set(found.rows.filter((r) => r.anonymous).map((r) => r.id));
  const unnamed = audited.filter((c) => anonymous.has(c.requestId!));
  if (unnamed.length > 0) {
    const sample = unnamed
      .slice(0, 5)
      .map((c) => `${c.method} ${c.url} -> ${c.status}`)
      .join('; ');
    throw new Error(`${unnamed.length} calls left an audit event naming no account, e.g. ${sample}`);
  }
}
