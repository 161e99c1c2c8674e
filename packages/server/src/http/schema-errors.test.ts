import { ListQuerySchema, MergeBodySchema, NOTE_MESSAGES, SignBodySchema, type AppError } from '@caseload/core';
import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { compileValidator } from './schema-compilers.ts';
import { schemaValidationError } from './schema-errors.ts';

/** Runs a value through the validator a route gets, and maps its refusal as the server does. */
function refusal(schema: object, value: unknown, part: 'body' | 'querystring' | 'params' = 'body'): AppError | undefined {
  const validate = compileValidator(schema, part);
  if (validate(value)) return undefined;
  return schemaValidationError(validate.errors as FastifySchemaValidationError[], part);
}

const detailAndIssues = (error: AppError | undefined) => error && { code: error.code, detail: error.message, issues: error.issues };

describe('a request that fails its schema', () => {
  it('names each missing, wrong and unknown member with the form messages', () => {
    expect(detailAndIssues(refusal(SignBodySchema, { versionId: 7, extra: true, other: 1 }))).toEqual({
      code: 'BadRequest',
      detail: 'attestationHash is a required field',
      issues: [
        { path: 'attestationHash', message: 'attestationHash is a required field' },
        { path: 'versionId', message: 'versionId is invalid.' },
        { path: 'extra', message: 'Unknown field(s) in the request: extra, other.' },
        { path: 'other', message: 'Unknown field(s) in the request: extra, other.' },
      ],
    });
  });

  it("says a body that is not an object is not one, and uses a member's own words", () => {
    expect(detailAndIssues(refusal(SignBodySchema, [1]))).toEqual({
      code: 'BadRequest',
      detail: 'The request body must be a JSON object.',
      issues: undefined,
    });
    expect(refusal(MergeBodySchema, 'x')?.message).toBe('The request body must be a JSON object: { "duplicate": "{patientId}" }.');
    expect(detailAndIssues(refusal(MergeBodySchema, { duplicate: 'not an id!' }))?.issues).toEqual([
      { path: 'duplicate', message: 'duplicate must be the id of the patient to merge.' },
    ]);
    expect(refusal(MergeBodySchema, {})?.message).toBe('duplicate must be the id of the patient to merge.');
    const signature = { versionId: 'v', attestationHash: 'h', patientSignature: { image: { resourceType: 'Media', id: 'm' } } };
    expect(refusal(SignBodySchema, signature)?.issues).toEqual([
      { path: 'patientSignature.signer', message: NOTE_MESSAGES.patientSignatureRequired },
    ]);
  });

  it('reads numbers from the query string and keeps its own words for them', () => {
    expect(refusal(ListQuerySchema, { pageSize: '50' }, 'querystring')).toBeUndefined();
    for (const pageSize of ['0', '1001', 'abc', '2.5']) {
      expect(refusal(ListQuerySchema, { pageSize }, 'querystring')?.message).toBe('pageSize must be a whole number from 1 to 1000.');
    }
    expect(refusal(ListQuerySchema, { order: 'sideways' }, 'querystring')?.message).toBe('order must be asc or desc, got "sideways".');
  });

  it('does not coerce a body: a number sent as text is refused, not read', () => {
    expect(refusal(SignBodySchema, { versionId: 'v', attestationHash: 5 })?.issues).toEqual([
      { path: 'attestationHash', message: 'attestationHash is invalid.' },
    ]);
  });

  it('answers 404 for a path parameter that fails its schema, as for an unknown id', () => {
    const params = { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } };
    expect(refusal(params, { id: 'NUL\u0000' }, 'params')?.code).toBe('NotFound');
  });
});
