import { FilterListSchema, GrantSetResourceSchema as GrantSetSchema, HEADERS, IdSchema, PracticeIdSchema } from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, RESPONSE_HEADERS, answer, errors, fileAnswer, noContent, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Practice'];
const practice = Type.Object({ practiceId: PracticeIdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const grantSet = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const countAnswer = noContent('`Prefer: return=minimal`: the count only.', RESPONSE_HEADERS.totalCount);

/** `POST /api/v1/database/{name}` and `DELETE` (SPEC.md section 7), for internal administrators. */
export const DATABASE_SCHEMAS = {
  provision: {
    operationId: 'provisionPracticeNetwork',
    summary: "Provision a practice network's storage (idempotent)",
    tags,
    params: Type.Object({ name: Type.String({ description: 'The practice network: 2 to 63 lower-case letters, digits or dashes.' }) }),
    response: { 204: noContent('Provisioned.'), ...errors(400, 401, 403) },
  },
  remove: {
    operationId: 'removePracticeNetwork',
    summary: 'Remove a practice network with every resource, version and content byte it owns',
    tags,
    params: Type.Object({ name: Type.String({ description: 'The practice network.' }) }),
    response: { 204: noContent('Removed.'), ...errors(401, 403, 404) },
  },
};

/** The grant-set catalogue, read as the GrantSets collection (docs/access.md). */
export const GRANT_SET_SCHEMAS = {
  list: {
    operationId: 'listGrantSets',
    summary: 'The grant-set catalogue',
    tags,
    params: practice,
    headers: requestHeaders(...PRACTICE_HEADERS, HEADERS.prefer),
    response: { 200: answer(Type.Array(GrantSetSchema), 'Every grant set.'), 204: countAnswer, ...errors(401, 403, 404) },
  },
  query: {
    operationId: 'queryGrantSets',
    summary: 'Query the grant-set catalogue',
    tags,
    params: practice,
    headers: requestHeaders(...PRACTICE_HEADERS, HEADERS.prefer),
    body: FilterListSchema,
    response: { 200: answer(Type.Array(GrantSetSchema), 'The matching grant sets.'), 204: countAnswer, ...errors(400, 401, 403, 404) },
  },
  read: {
    operationId: 'readGrantSet',
    summary: 'Read a grant set',
    tags,
    params: grantSet,
    headers,
    response: { 200: answer(GrantSetSchema, 'The grant set.'), ...errors(401, 403, 404) },
  },
  history: {
    operationId: 'grantSetHistory',
    summary: "A grant set's versions (there is one)",
    tags,
    params: grantSet,
    headers,
    response: { 200: answer(Type.Array(GrantSetSchema), 'The one version.'), ...errors(401, 403, 404) },
  },
  version: {
    operationId: 'readGrantSetVersion',
    summary: 'Read a version of a grant set',
    tags,
    params: Type.Object({ practiceId: PracticeIdSchema, id: IdSchema, versionId: IdSchema }),
    headers,
    response: { 200: answer(GrantSetSchema, 'The grant set.'), ...errors(401, 403, 404) },
  },
};

/** `GET PracticePreferences/_effective`: the preferences in force, defaults included. */
export const EFFECTIVE_PREFERENCES_SCHEMA = {
  operationId: 'readEffectivePracticePreferences',
  summary: 'The practice preferences in force, every default of SPEC.md section 9 filled in',
  tags,
  params: practice,
  headers,
  response: {
    200: answer(
      Type.Object(
        { resourceType: Type.String() },
        {
          additionalProperties: true,
          description: 'The stored PracticePreferences (id and meta included, when there is one) over the defaults.',
        },
      ),
      'The preferences in force.',
    ),
    ...errors(401, 403, 404),
  },
};

/** `POST AuditEvents/export` (docs/audit-trail.md). */
export const AUDIT_EXPORT_SCHEMA = {
  operationId: 'exportAuditTrail',
  summary: 'The audit trail matching the filters, newest first, as CSV',
  tags,
  params: practice,
  headers,
  body: FilterListSchema,
  response: {
    200: fileAnswer('A streamed CSV file (RFC 4180, UTF-8 with a byte-order mark).', ['text/csv']),
    ...errors(400, 401, 403, 404),
  },
};
