import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { assertMayMerge, mergePatients, type MergeRequest } from './merge-patients.service.ts';
import { MERGE_SCHEMA } from './patient-merge.schemas.ts';
/** PostgreSQL's deadlock and serialization failures: the merge lost a race and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * `POST /api/v1/practices/{practiceId}/Patients/{survivorId}/merge?versionId={v}` with body
 * `{ "duplicate": "{duplicateId}", "duplicateVersionId"?: "{v}" }` (docs/api.md). Answers 200
 * with the survivor, the duplicate's tombstone and what moved. Honours Idempotency-Key.
 */
export async function patientMergeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/api/v1/practices/:practiceId/Patients/:id/merge', { schema: MERGE_SCHEMA }, async (request, reply) => {
    // A merge moves a whole chart: long work, under its own time limit.
    const scope = await resourceScope(app, request, 'Patients', { longWork: true });
    assertMayMerge(scope.ctx);
    const { duplicate, duplicateVersionId } = request.body;
    const merge: MergeRequest = {
      survivorId: request.params.id,
      duplicateId: duplicate,
      survivorVersionId: request.query.versionId,
      duplicateVersionId,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        // A refusal is recorded against the survivor, the patient the URL names.
        const response = await writeOnce(request, scope, (repo) =>
          repo.inTransaction(async (tx) => ({
            status: 200,
            body: await tx.attempt(scope.type, 'U', { id: merge.survivorId }, () => mergePatients(tx, scope.ctx, merge)),
          })),
        );
        return sendWritten(reply, response);
      } catch (error) {
        if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  });
}
