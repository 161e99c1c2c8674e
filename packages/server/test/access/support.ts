import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@caseload/core';
import { ensureAccount, upsertMembership } from '../../src/identity/account-store.ts';
import { hashPassword } from '../../src/identity/password.ts';
import { TEST_PASSWORD, type ApiClient, type ApiResponse, type TestServer } from '../harness.ts';

/** Helpers shared by the access-control tests (permission matrix, attacks, audit trail, sign-in). */

export const PATCH_JSON = { 'content-type': 'application/json-patch+json' } as const;

/** The database pool of the running server: the real tables, not a mock. */
export function pool(t: TestServer) {
  return t.server.app.db.pool;
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(runners);
  return results;
}

/**
 * An internal associate (no practice membership) holding an associate role, signed in. Accounts
 * are made the way the bootstrap makes the SysAdmin: a row in `accounts` with the role.
 */
export async function signInAssociate(
  t: TestServer,
  associateRole: string,
): Promise<{ client: ApiClient; accountId: string; email: string }> {
  const email = `associate-${associateRole.toLowerCase()}-${randomUUID().slice(0, 8)}@test.caseload`;
  const account = await ensureAccount(pool(t), email, { passwordHash: await hashPassword(TEST_PASSWORD), associateRole });
  const client = t.anonymous();
  await client.signIn(email, TEST_PASSWORD);
  return { client, accountId: account.id, email };
}

/** A practice member with a given profile in another practice network than the test's own. */
export async function addMembership(
  t: TestServer,
  accountId: string,
  practiceId: string,
  profileType: 'Practitioner' | 'Patient' | 'RelatedPerson',
  profileId: string,
  roles: string[],
): Promise<void> {
  await upsertMembership(pool(t), { accountId, practiceId, profileType, profileId, roles });
}

/** Provisions another practice network (as the internal administrator) and returns its id. */
export async function provisionPractice(t: TestServer, prefix: string): Promise<string> {
  const id = `${prefix}-${randomUUID().slice(0, 12)}`;
  const r = await t.admin.request('POST', `/api/v1/database/${id}`);
  if (r.status !== 204) throw new Error(`could not provision ${id}: ${r.status} ${r.text}`);
  return id;
}

/** `/api/v1/practices/{practiceId}/{path}`. */
export const inPractice = (practiceId: string, path: string) => `/api/v1/practices/${practiceId}/${path}`;

export interface StoredAuditEvent {
  id: string;
  practice_id: string;
  body: {
    type: { code: string };
    subtype?: { code: string };
    action: string;
    outcome: string;
    description?: string;
    agent: { who?: { resourceType: string; id: string }; accountId?: string; address?: string };
    entity?: { resourceType: string; id?: string; versionId?: string; query?: string };
    patient?: { id: string };
    requestId?: string;
    recorded: string;
  };
}

/** The audit events a request left, read from the real table. */
export async function auditEventsOf(t: TestServer, response: ApiResponse): Promise<StoredAuditEvent[]> {
  const requestId = response.headers.get('x-request-id');
  if (!requestId) throw new Error('response without x-request-id');
  const r = await pool(t).query<StoredAuditEvent>(
    `SELECT id, practice_id, body FROM r_audit_event WHERE body->>'requestId' = $1 ORDER BY last_modified`,
    [requestId],
  );
  return r.rows;
}

/** The stored current row of a resource (version, deleted flag, body), or undefined. */
export async function storedRow(t: TestServer, table: string, practiceId: string, id: string) {
  const r = await pool(t).query<{ version_id: string; is_deleted: boolean; body: Record<string, unknown> }>(
    `SELECT version_id, is_deleted, body FROM ${table} WHERE practice_id = $1 AND id = $2`,
    [practiceId, id],
  );
  return r.rows[0];
}

/** A refusal for lack of permission, exactly as SPEC.md section 8 words it. */
export function isForbidden(r: ApiResponse): boolean {
  return r.status === 403 && r.body?.detail === MESSAGES.forbidden;
}

/** The session-expired answer of SPEC.md section 8. */
export function isUnauthorized(r: ApiResponse): boolean {
  return r.status === 401 && r.body?.detail === MESSAGES.unauthorized;
}

/** The not-found answer of SPEC.md section 8. */
export function isNotFound(r: ApiResponse): boolean {
  return r.status === 404 && r.body?.detail === MESSAGES.notFound;
}
