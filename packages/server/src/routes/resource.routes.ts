import { HEADERS, JSON_PATCH_CONTENT_TYPE, PREFER_MINIMAL, badRequest, parseFilters } from '@caseload/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeOnce, type WriteResponse } from '../http/idempotency.ts';
import {
  booleanHeader,
  expandFrom,
  ifNoneExistFrom,
  partitionKeyFrom,
  stringHeader,
} from '../http/request-headers.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { expandReferences } from '../storage/expansion.ts';
import { storedJsonOf } from '../storage/resource-rows.ts';
import type { SearchRequest } from '../storage/resource-search.ts';

interface IdParams { id: string }
interface VersionParams extends IdParams { versionId: string }
interface ListQuery { pageSize?: string; orderBy?: string; order?: string; expand?: string }
interface VersionQuery { versionId?: string }

function send(reply: FastifyReply, response: WriteResponse) {
  // The version just written goes out as the text it was stored as: serialised once, not twice.
  const stored = storedJsonOf(response.body);
  if (stored !== undefined) return sendJson(reply.code(response.status), stored);
  return reply.code(response.status).send(response.body);
}

/** Sends JSON text that is already serialised (stored bodies), as Fastify sends its own. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The resource calls of SPEC.md section 7, for one collection prefix (practice or global). */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  // RFC 6902 bodies arrive as application/json-patch+json.
  app.addContentTypeParser(JSON_PATCH_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = Object.assign(new Error('invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
    }
  });

  const scopeOf = (request: FastifyRequest) => resourceScope(app, request);

  async function list(request: FastifyRequest, reply: FastifyReply, filters: SearchRequest['filters']) {
    const { type, repo, ctx } = await scopeOf(request);
    const query = request.query as ListQuery;
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
    await expandReferences(repo.queryable, ctx.practiceId, ctx.access, type, page.items, expand, ctx.clock());
    return reply.send(page.items);
  }

  app.get('/', (request, reply) => list(request, reply, []));

  // A query changes nothing, so it need not wait for this server to hear of its own commits.
  app.post('/queries', { config: { readOnly: true } }, (request, reply) => list(request, reply, parseFilters(request.body ?? [])));

  // Resource writes notify caller changes only through the repository, which marks the request.
  const write = { config: { callerSync: 'when-marked' as const } };
  // Each answer below is the version the write stores (or 204), so the write statement keeps it
  // under the Idempotency-Key itself (http/idempotency.ts).
  const byWrite = { answeredByWrite: true };

  app.post('/', write, async (request, reply) => {
    const scope = await scopeOf(request);
    const ifNoneExist = ifNoneExistFrom(request.headers);
    const response = await writeOnce(request, scope, async (repo) => {
      const { resource, created } = await repo.create(scope.type, bodyObject(request.body), ifNoneExist);
      return { status: created ? 201 : 200, body: resource };
    }, byWrite);
    return send(reply, response);
  });

  app.get('/:id', async (request, reply) => {
    const { type, repo, ctx } = await scopeOf(request);
    const { id } = request.params as IdParams;
    const expand = expandFrom(request.query);
    if (expand.length === 0) return sendJson(reply, await repo.readJson(type, id, partitionKeyFrom(request.headers)));
    const resource = await repo.read(type, id, partitionKeyFrom(request.headers));
    await expandReferences(repo.queryable, ctx.practiceId, ctx.access, type, [resource], expand, ctx.clock());
    return reply.send(resource);
  });

  app.put('/:id', write, async (request, reply) => {
    const scope = await scopeOf(request);
    const { id } = request.params as IdParams;
    const { versionId } = request.query as VersionQuery;
    const response = await writeOnce(request, scope, async (repo) => {
      const { resource, created } = await repo.update(scope.type, id, bodyObject(request.body), versionId);
      return { status: created ? 201 : 200, body: resource };
    }, byWrite);
    return send(reply, response);
  });

  app.patch('/:id', write, async (request, reply) => {
    const scope = await scopeOf(request);
    const { id } = request.params as IdParams;
    const { versionId } = request.query as VersionQuery;
    const response = await writeOnce(request, scope, async (repo) => ({
      status: 200,
      body: await repo.patch(scope.type, id, request.body, versionId),
    }), byWrite);
    return send(reply, response);
  });

  app.delete('/:id', write, async (request, reply) => {
    const scope = await scopeOf(request);
    const { id } = request.params as IdParams;
    const { versionId } = request.query as VersionQuery;
    const response = await writeOnce(request, scope, async (repo) => {
      await repo.delete(scope.type, id, versionId);
      return { status: 204 };
    }, byWrite);
    return send(reply, response);
  });

  app.get('/:id/_history', async (request, reply) => {
    const { type, repo } = await scopeOf(request);
    return reply.send(await repo.history(type, (request.params as IdParams).id, partitionKeyFrom(request.headers)));
  });

  app.get('/:id/_history/:versionId', async (request, reply) => {
    const { type, repo } = await scopeOf(request);
    const { id, versionId } = request.params as VersionParams;
    return reply.send(await repo.readVersion(type, id, versionId, partitionKeyFrom(request.headers)));
  });
}

/** A resource body must be a JSON object; arrays, strings and null are refused up front. */
function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
