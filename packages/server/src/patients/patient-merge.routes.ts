import { badRequest } from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { writeOnce } from '../http/idempotency.ts';
import { resourceScope } from '../http/resource-scope.ts';
import './merged-partition.hook.ts';
import { assertMayMerge, mergePatients, type MergeRequest } from './merge-patients.service.ts';

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** PostgreSQL's deadlock and serialization failures: the merge lost a race and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * `POST /api/v1/practices/{practiceId}/Patients/{survivorId}/merge?versionId={v}` with body
 * `{ "duplicate": "{duplicateId}", "duplicateVersionId"?: "{v}" }` (docs/api.md). Answers 200
 * with the survivor, the duplicate's tombstone and what moved. Honours Idempotency-Key.
 */
export async function patientMergeRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/v1/practices/:practiceId/Patients/:id/merge', async (request, reply) => {
    const scope = await resourceScope(app, request, 'Patients');
    assertMayMerge(scope.ctx);
    const merge = mergeRequestFrom((request.params as { id: string }).id, request.query, request.body);
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await writeOnce(request, scope, (repo) =>
          repo.inTransaction(async (tx) => ({ status: 200, body: await mergePatients(tx.queryable, scope.ctx, merge) })),
        );
        return reply.code(response.status).send(response.body);
      } catch (error) {
        if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  });
}

/** The call's parameters, or a 400 that says what is wrong. */
function mergeRequestFrom(survivorId: string, query: unknown, body: unknown): MergeRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object: { "duplicate": "{patientId}" }.');
  }
  const { duplicate, duplicateVersionId, ...rest } = body as Record<string, unknown>;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length > 0) throw badRequest(`Unknown field(s) in the merge request: ${unknownKeys.join(', ')}.`);
  if (typeof duplicate !== 'string' || !ID.test(duplicate)) throw badRequest('duplicate must be the id of the patient to merge.');
  if (duplicateVersionId !== undefined && typeof duplicateVersionId !== 'string') throw badRequest('duplicateVersionId must be a string.');
  const versionId = (query as { versionId?: unknown } | undefined)?.versionId;
  if (versionId !== undefined && typeof versionId !== 'string') throw badRequest('versionId must be given once.');
  return { survivorId, duplicateId: duplicate, survivorVersionId: versionId, duplicateVersionId };
}
