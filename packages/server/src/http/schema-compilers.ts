import { X_MESSAGE, X_VALIDATED_BY } from '@caseload/core';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError, FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';

// ajv-formats is CommonJS with its function as `default`: Node's ESM loader gives the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

/** The annotations of ours and of OpenAPI that a schema may carry; the validators ignore them. */
const ANNOTATIONS = [X_MESSAGE, X_VALIDATED_BY, 'x-response-description', 'example', 'headers', 'content'];

function validatorAjv(options: Options): Ajv {
  const ajv = new Ajv({
    // Every problem, not the first: a client fixes a form in one go (docs/api.md, "Errors").
    allErrors: true,
    // The failing schema and value go with each error: schema-errors.ts reads `x-message` there.
    verbose: true,
    removeAdditional: false,
    ...options,
  });
  addFormats(ajv);
  for (const keyword of ANNOTATIONS) ajv.addKeyword(keyword);
  return ajv;
}

/**
 * Bodies are checked as sent: no coercion (`"5"` is not a number), no defaults filled in, unknown
 * members refused rather than silently dropped. The URL's parameters, query and headers are text,
 * so there numbers and booleans are read from it (`?pageSize=50`).
 */
const VALIDATORS = {
  body: validatorAjv({ coerceTypes: false, useDefaults: false }),
  text: validatorAjv({ coerceTypes: 'array', useDefaults: true }),
};

/**
 * Whether a schema describes an object that may hold members it does not name (a resource body,
 * a record): fast-json-stringify writes only the members a schema names, so such a schema is
 * serialised by JSON.stringify, which keeps every member.
 */
export function isOpenSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Record<string, unknown>;
  if (s.type === 'object' && (s.additionalProperties !== false || s.patternProperties !== undefined)) return true;
  return Object.entries(s).some(([key, value]) => {
    if (key === 'properties') return Object.values(value as object).some(isOpenSchema);
    if (key === 'items' || key === 'not') return isOpenSchema(value);
    if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') return (value as unknown[]).some(isOpenSchema);
    return false;
  });
}

const stringify = (payload: unknown) => JSON.stringify(payload);
const serializers = new Map<string, (payload: unknown) => string>();

/**
 * Responses: a closed schema (every object lists its members, as the typed views do) gets a
 * fast-json-stringify serialiser, which also keeps any member the contract does not name from
 * leaving the server; an open one (resource bodies) JSON.stringify. Serialisers are shared between
 * routes by schema, so the error body, declared on every route, is compiled once.
 */
const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  // An empty answer (204), or a file described for the reference, is never serialised as JSON.
  const s = schema as Record<string, unknown>;
  if (s.type === 'null' || s.content !== undefined || isOpenSchema(schema)) return stringify;
  const key = JSON.stringify(schema);
  let serialize = serializers.get(key);
  if (!serialize) {
    serialize = fastJsonStringify(schema as object, { ajv: { keywords: ANNOTATIONS } }) as (payload: unknown) => string;
    serializers.set(key, serialize);
  }
  return serialize;
};

/** The validator of one part of a request, as routes get it (exported for the mapping's tests). */
type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

export function compileValidator(schema: object, httpPart: string): Validator {
  if ((schema as Record<string, unknown>)[X_VALIDATED_BY]) return () => true;
  return (httpPart === 'body' ? VALIDATORS.body : VALIDATORS.text).compile(schema) as Validator;
}

/**
 * Installs the validators and serialisers of every route's contract. A body whose grammar core
 * checks itself (`x-validated-by`: the query grammar, JSON Patch) is left to it, so its refusals
 * keep the messages SPEC.md lists.
 */
export function useContractCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => compileValidator(schema as object, httpPart ?? 'body'));
  app.setSerializerCompiler(serializerCompiler);
}
