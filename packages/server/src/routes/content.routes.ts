import { Readable } from 'node:stream';
import { HEADERS, badRequest, isAppError } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentDownload, ContentTarget } from '../content/content.service.ts';
import { CONTENT_GUARDS } from '../content/content-guards.ts';
import { ContentService } from '../content/content.service.ts';
import {
  MEDIA_TYPE_MESSAGE,
  chunkNumberOf,
  contentTooLarge,
  contentTypeOf,
  mediaTypeEssence,
  queryFlag,
  thumbnailSizeOf,
  uploadBytes,
} from '../content/content-params.ts';
import { handleError } from '../http/error-handler.ts';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { partitionKeyFrom, stringHeader } from '../http/request-headers.ts';
import { resourceScope, type ScopedRequest } from '../http/resource-scope.ts';
import { contentRouteSchemas } from './content.schemas.ts';
import type { CollectionScope } from './resource.schemas.ts';

/** Options app.ts registers the plugin with (besides its prefix). */
export interface ContentRoutesOptions {
  scope: CollectionScope;
  /** Largest content, whole or assembled from chunks, in bytes. */
  maxContentBytes: number;
}

type DownloadQuery = { thumbnail?: string; base64?: string };

/** The commit of a chunked upload may name the content type here (its own body is empty). */
const COMMIT_CONTENT_TYPE = HEADERS.contentType;

/** Types a browser would run script in if shown inline from our origin; they are sandboxed. */
const ACTIVE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml']);

/** The content calls of SPEC.md section 7 (docs/content.md), for one collection prefix. */
export async function contentRoutes(instance: FastifyInstance, options: ContentRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { maxContentBytes } = options;
  const schemas = contentRouteSchemas(options.scope);
  const content = new ContentService({ store: app.content, maxContentBytes, guards: CONTENT_GUARDS });

  // Content is raw bytes of any type, JSON included. Replacing the parsers inside this plugin's
  // encapsulated scope leaves JSON (and resourceRoutes' patch parser) untouched everywhere else.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxContentBytes }, (_request, body, done) => done(null, body));
  // Fastify's own body errors become AppErrors that say what the limit is.
  app.setErrorHandler((error: FastifyError, request, reply) => handleError(asContentError(error, maxContentBytes), request, reply));

  const targetOf = async (request: ScopedRequest, id: string): Promise<ContentTarget> => ({
    ...(await resourceScope(app, request)),
    id,
  });
  const upload = { bodyLimit: maxContentBytes };

  app.post('/:id/content', { ...upload, schema: schemas.upload }, async (request, reply) => {
    const target = await targetOf(request, request.params.id);
    const bytes = uploadBytes(request.body);
    const type = contentTypeOf(stringHeader(request.headers, 'content-type'));
    return reply.send(await content.upload(target, bytes, type, request.query.versionId));
  });

  app.get('/:id/content', { schema: schemas.download }, (request, reply) => download(request, reply, request.params.id, request.query));

  app.get('/:id/_history/:versionId/content', { schema: schemas.downloadVersion }, (request, reply) =>
    download(request, reply, request.params.id, request.query, request.params.versionId),
  );

  app.delete('/:id/content', { schema: schemas.remove }, async (request, reply) => {
    const target = await targetOf(request, request.params.id);
    const { query } = request;
    const purge = queryFlag(query.purge, 'purge');
    const response = await writeOnce(request, target, async (repo) => {
      await content.remove({ ...target, repo }, { purge, expectedVersionId: query.versionId });
      return { status: 204 };
    });
    return sendWritten(reply, response);
  });

  app.post('/:id/content/chunks/:n', { ...upload, schema: schemas.stageChunk }, async (request, reply) => {
    const target = await targetOf(request, request.params.id);
    const n = chunkNumberOf(request.params.n);
    return reply.send(await content.stageChunk(target, n, uploadBytes(request.body), stringHeader(request.headers, 'content-type')));
  });

  app.get('/:id/content/chunks', { schema: schemas.listChunks }, async (request, reply) =>
    reply.send(await content.listChunks(await targetOf(request, request.params.id))),
  );

  app.post('/:id/content/chunks', { ...upload, schema: schemas.commitChunks }, async (request, reply) => {
    const target = await targetOf(request, request.params.id);
    if (Buffer.isBuffer(request.body) && request.body.length > 0) {
      throw badRequest('The commit of a chunked upload has an empty body; send bytes to content/chunks/{n}.');
    }
    const contentType = stringHeader(request.headers, COMMIT_CONTENT_TYPE);
    const response = await writeOnce(request, target, async (repo) => ({
      status: 200,
      body: await content.commitChunks({ ...target, repo }, contentType, request.query.versionId),
    }));
    return sendWritten(reply, response);
  });

  async function download(request: ScopedRequest, reply: FastifyReply, id: string, query: DownloadQuery, versionId?: string) {
    const target = await targetOf(request, id);
    const file = await content.download(target, {
      versionId,
      partition: partitionKeyFrom(request.headers),
      thumbnail: thumbnailSizeOf(query.thumbnail),
      base64: queryFlag(query.base64, 'base64'),
    });
    return sendContent(request, reply, file);
  }
}

/** A download, or 304 when the client's copy (If-None-Match) is still the one we hold. */
function sendContent(request: FastifyRequest, reply: FastifyReply, file: ContentDownload) {
  // PHI: browsers may keep it but must ask again before reusing it; shared caches never keep it.
  reply.header('etag', file.etag).header('cache-control', 'private, no-cache');
  if (etagMatches(request.headers['if-none-match'], file.etag)) {
    if (file.body instanceof Readable) file.body.destroy();
    return reply.code(304).send();
  }
  reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', 'inline')
    // Uploaded bytes are shown from the app's own origin: never sniffed as something else, and
    // HTML or SVG never runs script there.
    .header('x-content-type-options', 'nosniff');
  if (ACTIVE_TYPES.has(mediaTypeEssence(file.contentType))) reply.header('content-security-policy', 'sandbox');
  return reply.send(file.body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function asContentError(error: FastifyError, maxContentBytes: number): Error {
  if (isAppError(error)) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return contentTooLarge(maxContentBytes);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return badRequest(MEDIA_TYPE_MESSAGE);
  return error;
}
