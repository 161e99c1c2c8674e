import { HEADERS, JSON_PATCH_CONTENT_TYPE, PREFER_MINIMAL, parseFilters } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { writeOnceInStatement, type StatementAnswer, type WriteResponse } from '../http/idempotency.ts';
import { booleanHeader, expandFrom, ifNoneExistFrom, partitionKeyFrom, stringHeader } from '../http/request-headers.ts';
import { resourceScope, type ScopedRequest } from '../http/resource-scope.ts';
import { utf8Text } from '../http/utf8-text.ts';
import type { SearchRequest } from '../storage/resource-search.ts';
import { resourceRouteSchemas, type CollectionScope } from './resource.schemas.ts';

/** Options app.ts registers the plugin with (besides its prefix). */
export interface ResourceRoutesOptions {
  scope: CollectionScope;
}

type ListQuery = { pageSize?: number; orderBy?: string; order?: string; expand?: string };

/**
 * Answers a write. One that changed a caller (a role, a practice's preferences) is answered once
 * this server's caller cache has heard of its commit, so the caller's next call sees the change.
 * The version just written goes out as the text it was stored as: serialised once, not twice.
 */
async function send(app: FastifyInstance, reply: FastifyReply, response: StatementAnswer | WriteResponse) {
  const written: Partial<StatementAnswer> = response;
  if (written.callersChanged) await app.callerListener.sync();
  if (written.json !== undefined) return sendJson(reply.code(response.status), written.json);
  return reply.code(response.status).send(response.body);
}

/** A write's answer with what storing it did; `body` is the version written unless it is a 204. */
function answer(status: number, written: Omit<StatementAnswer, 'status' | 'body'> & { resource: unknown }): StatementAnswer {
  const { resource, ...stored } = written;
  return status === 204
    ? { status, keyStored: stored.keyStored, callersChanged: stored.callersChanged }
    : { status, body: resource, ...stored };
}

/** Sends JSON text that is already serialised (stored bodies), as Fastify sends its own. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The resource calls of SPEC.md section 7, for one collection prefix (practice or global). */
export async function resourceRoutes(instance: FastifyInstance, options: ResourceRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const schemas = resourceRouteSchemas(options.scope);
  // RFC 6902 bodies arrive as application/json-patch+json; as every text body, UTF-8 or refused.
  app.addContentTypeParser(JSON_PATCH_CONTENT_TYPE, { parseAs: 'buffer' }, (_req, body, done) => {
    const text = utf8Text(body as Buffer);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
    }
  });

  const scopeOf = (request: ScopedRequest) => resourceScope(app, request);

  async function list(request: ScopedRequest, reply: FastifyReply, query: ListQuery, filters: SearchRequest['filters']) {
    const { type, repo } = await scopeOf(request);
    const search: SearchRequest = {
      filters,
      orderBy: query.orderBy,
      order: query.order,
      pageSize: query.pageSize,
      continuationToken: stringHeader(request.headers, HEADERS.continuationToken),
      partition: partitionKeyFrom(request.headers),
      crossPartition: booleanHeader(request.headers, HEADERS.enableCrossPartition),
    };
    if (stringHeader(request.headers, HEADERS.prefer) === PREFER_MINIMAL) {
      const count = await repo.count(type, search);
      return reply.code(204).header(HEADERS.totalCount, String(count)).send();
    }
    const expand = expandFrom(query);
    // Without expansion the page goes out as stored: the bodies' JSON text, never parsed here.
    search.asJson = expand.length === 0;
    const page = await repo.search(type, search);
    if (page.continuationToken) reply.header(HEADERS.continuationToken, page.continuationToken);
    if (page.json !== undefined) return sendJson(reply, page.json);
    await repo.expand(type, page.items, expand);
    return reply.send(page.items);
  }

  app.get('/', { schema: schemas.list }, (request, reply) => list(request, reply, request.query, []));

  // A query changes nothing, so it need not wait for this server to hear of its own commits.
  app.post('/queries', { schema: schemas.query, config: { readOnly: true } }, (request, reply) =>
    list(request, reply, request.query, parseFilters(request.body ?? [])),
  );

  // Resource writes notify caller changes only through the repository, whose answer says so.
  const write = { callerSync: 'by-route' as const };
  // Each answer below is the version the write stores (or 204), so the write statement keeps it
  // under the Idempotency-Key itself (http/idempotency.ts).

  app.post('/', { schema: schemas.create, config: write }, async (request, reply) => {
    const scope = await scopeOf(request);
    const ifNoneExist = ifNoneExistFrom(request.headers);
    const response = await writeOnceInStatement(request, scope, async (repo) => {
      const written = await repo.create(scope.type, request.body, ifNoneExist);
      return answer(written.created ? 201 : 200, written);
    });
    return send(app, reply, response);
  });

  app.get('/:id', { schema: schemas.read }, async (request, reply) => {
    const { type, repo } = await scopeOf(request);
    const { id } = request.params;
    const expand = expandFrom(request.query);
    if (expand.length === 0) return sendJson(reply, await repo.readJson(type, id, partitionKeyFrom(request.headers)));
    return reply.send(await repo.read(type, id, partitionKeyFrom(request.headers), expand));
  });

  app.put('/:id', { schema: schemas.update, config: write }, async (request, reply) => {
    const scope = await scopeOf(request);
    const { id } = request.params;
    const { versionId } = request.query;
    const response = await writeOnceInStatement(request, scope, async (repo) => {
      const written = await repo.update(scope.type, id, request.body, versionId);
      return answer(written.created ? 201 : 200, written);
    });
    return send(app, reply, response);
  });

  app.patch('/:id', { schema: schemas.patch, config: write }, async (request, reply) => {
    const scope = await scopeOf(request);
    const { id } = request.params;
    const { versionId } = request.query;
    const response = await writeOnceInStatement(request, scope, async (repo) =>
      answer(200, await repo.patch(scope.type, id, request.body, versionId)),
    );
    return send(app, reply, response);
  });

  app.delete('/:id', { schema: schemas.remove, config: write }, async (request, reply) => {
    const scope = await scopeOf(request);
    const { id } = request.params;
    const { versionId } = request.query;
    const response = await writeOnceInStatement(request, scope, async (repo) => answer(204, await repo.delete(scope.type, id, versionId)));
    return send(app, reply, response);
  });

  app.get('/:id/_history', { schema: schemas.history }, async (request, reply) => {
    const { type, repo } = await scopeOf(request);
    return reply.send(await repo.history(type, request.params.id, partitionKeyFrom(request.headers)));
  });

  app.get('/:id/_history/:versionId', { schema: schemas.version }, async (request, reply) => {
    const { type, repo } = await scopeOf(request);
    const { id, versionId } = request.params;
    return reply.send(await repo.readVersion(type, id, versionId, partitionKeyFrom(request.headers)));
  });
}
