import {
  ExpandQuerySchema,
  FilterListSchema,
  HEADERS,
  IdSchema,
  JSON_PATCH_CONTENT_TYPE,
  ListQuerySchema,
  PatchBodySchema,
  PracticeIdSchema,
  RESOURCE_TYPES,
  ResourceInputSchema,
  VersionQuerySchema,
  resourceSchema,
} from '@caseload/core';
import { Type, type TObject, type TProperties, type TString } from 'typebox';
import { PRACTICE_HEADERS, RESPONSE_HEADERS, WRITE_HEADERS, answer, errors, noContent, requestHeaders } from '../http/route-schemas.ts';

/** Where a collection lives: in a practice network, or global (SPEC.md section 7). */
export type CollectionScope = 'practice' | 'global';

const ResourceSchema = resourceSchema();
const ResourceListSchema = Type.Array(ResourceSchema);

/** The collection segment: one of the scope's collections (docs/resources.md); any other is a 404. */
function collectionSchema(scope: CollectionScope) {
  const names = RESOURCE_TYPES.filter((t) => t.scope === scope).map((t) => t.collection);
  const title = scope === 'practice' ? 'PracticeCollection' : 'GlobalCollection';
  return Type.Enum(names, {
    title,
    description: `A collection${scope === 'practice' ? ' of a practice network' : ' outside practices'} (docs/resources.md).`,
  });
}

/** The path parameters of a collection's routes, by scope, with the ones each route adds. */
export function collectionParams<E extends TProperties = Record<never, never>>(
  scope: CollectionScope,
  extra?: E,
): TObject<{ collection: TString } & E> {
  const collection = collectionSchema(scope);
  const schema =
    scope === 'practice' ? Type.Object({ practiceId: PracticeIdSchema, collection, ...extra }) : Type.Object({ collection, ...extra });
  return schema as unknown as TObject<{ collection: TString } & E>;
}

const readHeaders = (scope: CollectionScope, ...more: (keyof typeof HEADER_NAMES)[]) =>
  requestHeaders(...(scope === 'practice' ? PRACTICE_HEADERS : [HEADERS.profile]), ...more.map((m) => HEADER_NAMES[m]));
const HEADER_NAMES = {
  continuation: HEADERS.continuationToken,
  partition: HEADERS.partitionKey,
  crossPartition: HEADERS.enableCrossPartition,
  prefer: HEADERS.prefer,
  ifNoneExist: HEADERS.ifNoneExist,
} as const;
const writeHeaders = (scope: CollectionScope, ...more: (keyof typeof HEADER_NAMES)[]) =>
  Type.Object({ ...readHeaders(scope, ...more).properties, ...requestHeaders(...WRITE_HEADERS).properties });

/**
 * The contract of each resource call (docs/api.md, "Calls") for one scope. `operationId`s carry
 * the scope, since the same calls exist under both prefixes.
 */
export function resourceRouteSchemas(scope: CollectionScope) {
  const op = (name: string) => `${scope}${name}`;
  const tags = ['Resources'];
  const byId = collectionParams(scope, { id: IdSchema });
  const listAnswers = {
    200: answer(ResourceListSchema, 'A page of resources.', RESPONSE_HEADERS.continuation),
    204: noContent('`Prefer: return=minimal`: the count only.', RESPONSE_HEADERS.totalCount),
    ...errors(400, 401, 403, 404),
  };
  const listHeaders = readHeaders(scope, 'continuation', 'partition', 'crossPartition', 'prefer');
  return {
    list: {
      operationId: op('ListResources'),
      summary: 'List a collection',
      tags,
      params: collectionParams(scope),
      querystring: ListQuerySchema,
      headers: listHeaders,
      response: listAnswers,
    },
    query: {
      operationId: op('QueryResources'),
      summary: 'Query a collection (or count the matches)',
      tags,
      params: collectionParams(scope),
      querystring: ListQuerySchema,
      headers: listHeaders,
      body: FilterListSchema,
      response: listAnswers,
    },
    create: {
      operationId: op('CreateResource'),
      summary: 'Create a resource',
      tags,
      params: collectionParams(scope),
      headers: writeHeaders(scope, 'ifNoneExist'),
      body: ResourceInputSchema,
      response: {
        201: answer(ResourceSchema, 'Created: the stored resource.'),
        200: answer(ResourceSchema, 'The live resource that matched If-None-Exist.'),
        ...errors(400, 401, 403, 404, 410, 413),
      },
    },
    read: {
      operationId: op('ReadResource'),
      summary: 'Read a resource',
      tags,
      params: byId,
      querystring: ExpandQuerySchema,
      headers: readHeaders(scope, 'partition'),
      response: { 200: answer(ResourceSchema, 'The resource.'), ...errors(400, 401, 403, 404, 410) },
    },
    update: {
      operationId: op('UpdateResource'),
      summary: 'Replace a resource (or create it with this id)',
      tags,
      params: byId,
      querystring: VersionQuerySchema,
      headers: writeHeaders(scope),
      body: ResourceInputSchema,
      response: {
        200: answer(ResourceSchema, 'The new version.'),
        201: answer(ResourceSchema, 'Created with the id in the URL.'),
        ...errors(400, 401, 403, 404, 409, 410, 413),
      },
    },
    patch: {
      operationId: op('PatchResource'),
      summary: 'Patch a resource (RFC 6902)',
      tags,
      params: byId,
      querystring: VersionQuerySchema,
      headers: writeHeaders(scope),
      consumes: [JSON_PATCH_CONTENT_TYPE, 'application/json'],
      body: PatchBodySchema,
      response: { 200: answer(ResourceSchema, 'The new version.'), ...errors(400, 401, 403, 404, 409, 410, 413) },
    },
    remove: {
      operationId: op('DeleteResource'),
      summary: 'Delete a resource (a tombstone version)',
      tags,
      params: byId,
      querystring: VersionQuerySchema,
      headers: writeHeaders(scope),
      response: { 204: noContent('Deleted.'), ...errors(400, 401, 403, 404, 405, 409, 410) },
    },
    history: {
      operationId: op('ResourceHistory'),
      summary: "List a resource's versions, newest first",
      tags,
      params: byId,
      headers: readHeaders(scope, 'partition'),
      response: { 200: answer(ResourceListSchema, 'Every kept version.'), ...errors(401, 403, 404, 410) },
    },
    version: {
      operationId: op('ReadResourceVersion'),
      summary: 'Read one version of a resource',
      tags,
      params: collectionParams(scope, { id: IdSchema, versionId: IdSchema }),
      headers: readHeaders(scope, 'partition'),
      response: {
        200: answer(ResourceSchema, 'The version (`meta.isHistorical` when not the current one).'),
        ...errors(401, 403, 404, 410),
      },
    },
  };
}
