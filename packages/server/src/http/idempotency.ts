import { createHash } from 'node:crypto';
import { HEADERS, badRequest, canonicalJson, conflict } from '@caseload/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { resourceAudit } from '../audit/resource-audit.ts';
import type { Queryable } from '../db/database.ts';
import type { PendingKeyClaim, ResourceRepository, StoredVersion } from '../storage/resource-repository.ts';
import type { ResourceScope } from './resource-scope.ts';
import { stringHeader } from './request-headers.ts';

/** What a write answered; kept under its idempotency key and replayed to a retry. */
export interface WriteResponse {
  status: number;
  body?: unknown;
}

/**
 * The answer of a write whose statement stores the key (`writeOnceInStatement`), with what storing
 * did: `keyStored` false means it answered without a write (an If-None-Exist match).
 */
export type StatementAnswer = WriteResponse & Partial<Pick<StoredVersion, 'json' | 'callersChanged'>> & Pick<StoredVersion, 'keyStored'>;

const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Sends what a write answered. Its status and body may be a stored answer replayed to a retry, so
 * they are the write's, not narrowed to the route's declared answers (which they are among).
 */
export function sendWritten(reply: FastifyReply, response: WriteResponse): FastifyReply {
  return reply.code(response.status).send(response.body);
}

/**
 * Runs a write at most once per `Idempotency-Key`: a retry after a lost response gets the first
 * answer replayed (never a second write, never a false 409), concurrent duplicates make one write,
 * and a failed write does not use up its key. Keys are per account and kept for 24 hours.
 *
 * Here (notes, merges, content) the key is claimed first in the write's own transaction and the
 * answer stored after the work: a racing duplicate waits on the key's row lock. Writes whose
 * answer is the version written use `writeOnceInStatement`.
 */
export async function writeOnce(
  request: FastifyRequest,
  scope: ResourceScope,
  work: (repo: ResourceRepository) => Promise<WriteResponse>,
): Promise<WriteResponse> {
  const claim = claimOf(request, scope);
  return claim ? claimedFirst(scope, claim, work) : work(scope.repo);
}

/**
 * `writeOnce` for resource create, PUT, PATCH and DELETE, whose answer is the version written:
 * the write statement itself stores the key with its answer (storage/resource-rows.ts KeyClaim),
 * so a keyed write costs the statements of an unkeyed one. A key already stored fails that
 * statement as a whole (a unique violation, after waiting for a concurrent duplicate to commit),
 * and any failed keyed write then looks the key up: stored means this is a retry, answered with
 * the stored answer (so the 409 a retried PATCH meets on its own new version is never seen).
 * A replayed answer carries no stored text and changed no caller.
 */
export async function writeOnceInStatement(
  request: FastifyRequest,
  scope: ResourceScope,
  work: (repo: ResourceRepository) => Promise<StatementAnswer>,
): Promise<StatementAnswer | WriteResponse> {
  const claim = claimOf(request, scope);
  return claim ? claimedByWrite(scope, claim, work) : work(scope.repo);
}

/** The request's Idempotency-Key as a claim, or undefined without one; a malformed key is a 400. */
function claimOf(request: FastifyRequest, scope: ResourceScope): PendingKeyClaim | undefined {
  const key = stringHeader(request.headers, HEADERS.idempotencyKey);
  if (key === undefined) return undefined;
  if (!KEY.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, dots, colons, dashes or underscores.');
  return {
    practiceId: scope.ctx.practiceId,
    // Keys are per account: another user sending the same key and body never gets this answer.
    key: `${scope.ctx.accountId ?? ''}:${key}`,
    requestHash: requestHashOf(request),
  };
}

/**
 * What makes two requests the same one: method, URL and body. A JSON body counts by its value in
 * canonical form (members sorted at every depth, arrays in order), so a retry whose client
 * serialised the same body with its members in another order, other spacing or other escapes is
 * still a retry; uploaded bytes count as they are.
 */
function requestHashOf(request: FastifyRequest): string {
  const body = request.body;
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(Buffer.isBuffer(body) ? body : canonicalJson(body ?? null))
    .digest('base64url');
}

async function claimedByWrite(
  scope: ResourceScope,
  claim: PendingKeyClaim,
  work: (repo: ResourceRepository) => Promise<StatementAnswer>,
): Promise<StatementAnswer | WriteResponse> {
  let response: StatementAnswer;
  try {
    response = await work(scope.repo.claiming(claim));
    if (response.keyStored) return response;
    // Answered without a write (an If-None-Exist match): keep that answer under the key now.
    const stored = await scope.ctx.db.query(
      `INSERT INTO idempotency_keys (practice_id, key, request_hash, status, response) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (practice_id, key) DO NOTHING RETURNING 1`,
      [claim.practiceId, claim.key, claim.requestHash, response.status, response.body === undefined ? null : JSON.stringify(response.body)],
    );
    if (stored.rowCount === 1) return response;
  } catch (error) {
    const replayed = await storedAnswer(scope, scope.ctx.db, claim);
    if (replayed) return replayed;
    // The key was taken, then swept before we could read it: a conflict, never a database error.
    if (isKeyTaken(error)) throw conflict();
    throw error;
  }
  return (await storedAnswer(scope, scope.ctx.db, claim)) ?? response;
}

async function claimedFirst(
  scope: ResourceScope,
  claim: PendingKeyClaim,
  work: (repo: ResourceRepository) => Promise<WriteResponse>,
): Promise<WriteResponse> {
  return scope.repo.inTransaction(async (repo) => {
    const tx = repo.queryable;
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (practice_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (practice_id, key) DO NOTHING RETURNING 1`,
      [claim.practiceId, claim.key, claim.requestHash],
    );
    if (claimed.rowCount === 0) return (await storedAnswer(scope, tx, claim))!;
    const response = await work(repo);
    await tx.query('UPDATE idempotency_keys SET status = $3, response = $4::jsonb WHERE practice_id = $1 AND key = $2', [
      claim.practiceId,
      claim.key,
      response.status,
      response.body === undefined ? null : JSON.stringify(response.body),
    ]);
    return response;
  });
}

/**
 * The answer stored under the key, replayed (and audited as a read of the resource it names), or
 * undefined when the key is not stored; a key stored for a different request is a 400.
 */
async function storedAnswer(scope: ResourceScope, db: Queryable, claim: PendingKeyClaim): Promise<WriteResponse | undefined> {
  const stored = await db.query<{ request_hash: string; status: number; response: unknown }>(
    'SELECT request_hash, status, response FROM idempotency_keys WHERE practice_id = $1 AND key = $2',
    [claim.practiceId, claim.key],
  );
  const row = stored.rows[0];
  if (!row) return undefined;
  if (row.request_hash !== claim.requestHash) throw badRequest('This Idempotency-Key was already used for a different request.');
  // The replay discloses the stored answer again: audited like a read of that resource.
  const replayed = (row.response ?? {}) as { id?: string; partition?: string; meta?: { versionId?: string } };
  await recordAuditIn(
    db,
    resourceAudit(scope.ctx, scope.type, 'R', { id: replayed.id, partition: replayed.partition, versionId: replayed.meta?.versionId }),
    scope.ctx.clock(),
  );
  return { status: row.status, body: row.response ?? undefined };
}

function isKeyTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'idempotency_keys_pkey';
}
