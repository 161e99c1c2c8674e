import { ContentQuerySchema, HEADERS, IdSchema, StagedUploadSchema, X_VALIDATED_BY, resourceSchema } from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, WRITE_HEADERS, answer, errors, fileAnswer, noContent, requestHeaders } from '../http/route-schemas.ts';
import { collectionParams, type CollectionScope } from './resource.schemas.ts';

/** Content is bytes of any type, read as they arrive (content/content-params.ts checks them). */
const BytesSchema = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'The bytes, with their Content-Type.',
  [X_VALIDATED_BY]: 'uploadBytes (packages/server/src/content/content-params.ts)',
});
const ANY_TYPE = ['*/*'];

/** The contract of each content call (docs/content.md) for one scope. */
export function contentRouteSchemas(scope: CollectionScope) {
  const op = (name: string) => `${scope}${name}`;
  const tags = ['Content'];
  const byId = collectionParams(scope, { id: IdSchema });
  const who = scope === 'practice' ? PRACTICE_HEADERS : [HEADERS.profile];
  const writes = requestHeaders(...who, ...WRITE_HEADERS);
  const Stored = answer(resourceSchema(), 'The new version, its `content` describing the bytes.');
  const download = {
    querystring: Type.Pick(ContentQuerySchema, ['thumbnail', 'base64']),
    headers: Type.Object({
      ...requestHeaders(...who, HEADERS.partitionKey).properties,
      'if-none-match': Type.Optional(Type.String({ description: 'The ETag of the copy the client holds.' })),
    }),
    response: {
      200: fileAnswer('The bytes (or base64 text), with ETag and `cache-control: private, no-cache`.', ANY_TYPE),
      304: noContent('The copy the client holds is current.'),
      ...errors(400, 401, 403, 404, 410),
    },
  };
  return {
    upload: {
      operationId: op('UploadContent'),
      summary: "Upload a resource's content",
      tags,
      params: byId,
      querystring: Type.Pick(ContentQuerySchema, ['versionId']),
      headers: writes,
      consumes: ANY_TYPE,
      body: BytesSchema,
      response: { 200: Stored, ...errors(400, 401, 403, 404, 409, 410, 413) },
    },
    download: { operationId: op('DownloadContent'), summary: "Download a resource's content", tags, params: byId, ...download },
    downloadVersion: {
      operationId: op('DownloadContentVersion'),
      summary: "Download the content of one of a resource's versions",
      tags,
      params: collectionParams(scope, { id: IdSchema, versionId: IdSchema }),
      ...download,
    },
    remove: {
      operationId: op('DeleteContent'),
      summary: "Remove a resource's content (or purge every version's)",
      tags,
      params: byId,
      querystring: Type.Pick(ContentQuerySchema, ['purge', 'versionId']),
      headers: writes,
      response: { 204: noContent('Removed.'), ...errors(400, 401, 403, 404, 409, 410) },
    },
    stageChunk: {
      operationId: op('UploadContentChunk'),
      summary: 'Upload one chunk of a resumable upload',
      tags,
      params: collectionParams(scope, { id: IdSchema, n: Type.String({ description: 'The chunk number, from 0.' }) }),
      headers: writes,
      consumes: ANY_TYPE,
      body: BytesSchema,
      response: { 200: answer(StagedUploadSchema, 'The chunks held so far.'), ...errors(400, 401, 403, 404, 410, 413) },
    },
    listChunks: {
      operationId: op('ListContentChunks'),
      summary: 'List the chunks of a resumable upload',
      tags,
      params: byId,
      headers: requestHeaders(...who),
      response: { 200: answer(StagedUploadSchema, 'The chunks held so far.'), ...errors(401, 403, 404, 410) },
    },
    commitChunks: {
      operationId: op('CommitContentChunks'),
      summary: 'Commit a resumable upload (an empty body)',
      tags,
      params: byId,
      querystring: Type.Pick(ContentQuerySchema, ['versionId']),
      headers: Type.Object({ ...writes.properties, ...requestHeaders(HEADERS.contentType).properties }),
      response: { 200: Stored, ...errors(400, 401, 403, 404, 409, 410, 413) },
    },
  };
}
