import { createHash } from 'node:crypto';
import { HEADERS, badRequest } from '@caseload/core';
import type { FastifyRequest } from 'fastify';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { resourceAudit } from '../audit/resource-audit.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { ResourceScope } from './resource-scope.ts';
import { stringHeader } from './request-headers.ts';

/** What a write answered; kept under its idempotency key and replayed to a retry. */
export interface WriteResponse {
  status: number;
  body?: unknown;
}

const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Runs a write at most once per `Idempotency-Key`. The key is claimed inside the write's own
 * transaction, so the key and the write commit together: a retry after a lost response gets the
 * first answer replayed (never a second write, never a false 409), and a retry racing the first
 * attempt waits on the key's row lock until it commits. Failed writes roll back their key, so a
 * retry runs again. Keys are kept for 24 hours.
 */
export async function writeOnce(
  request: FastifyRequest,
  scope: ResourceScope,
  work: (repo: ResourceRepository) => Promise<WriteResponse>,
): Promise<WriteResponse> {
  const key = stringHeader(request.headers, HEADERS.idempotencyKey);
  if (key === undefined) return work(scope.repo);
  if (!KEY.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, dots, colons, dashes or underscores.');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
  const practiceId = scope.ctx.practiceId;
  // Keys are per account: another user sending the same key and body never gets this answer.
  const accountKey = `${scope.ctx.accountId ?? ''}:${key}`;
  return scope.repo.inTransaction(async (repo) => {
    const tx = repo.queryable;
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (practice_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (practice_id, key) DO NOTHING RETURNING 1`,
      [practiceId, accountKey, requestHash],
    );
    if (claimed.rowCount === 0) {
      const stored = await tx.query<{ request_hash: string; status: number; response: unknown }>(
        'SELECT request_hash, status, response FROM idempotency_keys WHERE practice_id = $1 AND key = $2',
        [practiceId, accountKey],
      );
      const row = stored.rows[0]!;
      if (row.request_hash !== requestHash) throw badRequest('This Idempotency-Key was already used for a different request.');
      // The replay discloses the stored answer again: audited like a read of that resource.
      const replayed = (row.response ?? {}) as { id?: string; partition?: string; meta?: { versionId?: string } };
      await recordAuditIn(
        tx,
        resourceAudit(scope.ctx, scope.type, 'R', { id: replayed.id, partition: replayed.partition, versionId: replayed.meta?.versionId }),
        scope.ctx.clock(),
      );
      return { status: row.status, body: row.response ?? undefined };
    }
    const response = await work(repo);
    await tx.query('UPDATE idempotency_keys SET status = $3, response = $4::jsonb WHERE practice_id = $1 AND key = $2', [
      practiceId,
      accountKey,
      response.status,
      response.body === undefined ? null : JSON.stringify(response.body),
    ]);
    return response;
  });
}
