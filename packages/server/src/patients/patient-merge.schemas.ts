import { HEADERS, IdSchema, MergeAnswerSchema, MergeBodySchema, PracticeIdSchema, withMessage } from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, requestHeaders } from '../http/route-schemas.ts';

/** `POST Patients/{survivorId}/merge?versionId={v}` (docs/api.md). */
export const MERGE_SCHEMA = {
  operationId: 'mergePatients',
  summary: 'Merge a duplicate patient into this one',
  tags: ['Patients'],
  params: Type.Object({ practiceId: PracticeIdSchema, id: IdSchema }),
  querystring: Type.Object({
    versionId: Type.Optional(
      withMessage(
        Type.String({ description: "The survivor's version merged into; a stale one is a 409." }),
        'versionId must be given once.',
      ),
    ),
  }),
  headers: requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey),
  body: MergeBodySchema,
  response: {
    200: answer(MergeAnswerSchema, 'Merged: the survivor, the duplicate’s tombstone and what moved.'),
    ...errors(400, 401, 403, 404, 409, 410),
  },
};
