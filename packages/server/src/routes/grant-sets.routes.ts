import {
  GRANT_SETS,
  HEADERS,
  PREFER_MINIMAL,
  getResourceType,
  matchesFilters,
  notFound,
  parseFilters,
  type Filter,
  type GrantSet,
  type Resource,
} from '@caseload/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resourceAudit } from '../audit/resource-audit.ts';
import { stringHeader } from '../http/request-headers.ts';
import { resourceScope } from '../http/resource-scope.ts';

const GRANT_SET_TYPE = getResourceType('GrantSet')!;
// The catalogue changes only with a release; its version is fixed per release.
const CATALOGUE_VERSION = 'catalogue-1';
const RELEASED = '2026-11-22T00:00:00Z';

/** A grant set's id: its name in kebab case (`Read patients` → `read-patients`). */
export const grantSetId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A catalogue grant set as a GrantSet resource; roles name it by `display`, its name. */
function asResource(set: GrantSet): Resource {
  return {
    resourceType: 'GrantSet',
    id: grantSetId(set.name),
    display: set.name,
    description: set.description,
    permissions: [...set.permissions],
    created: RELEASED,
    meta: { versionId: CATALOGUE_VERSION, lastModified: RELEASED },
  };
}

const CATALOGUE: readonly Resource[] = GRANT_SETS.map(asResource);

/**
 * The GrantSets collection reads the grant-set catalogue in code (docs/access.md): every practice
 * sees the same sets, nobody can write one, and practice roles are built from them. Lists,
 * queries (the same grammar, evaluated in memory), counts, reads and the one-version history work
 * as for any collection; the catalogue is small, so a list is always one page. Reading needs
 * GrantSet Read and is audited.
 */
export async function grantSetRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/v1/practices/:practiceId/GrantSets';

  async function list(request: FastifyRequest, reply: FastifyReply, filters: Filter[]) {
    const { ctx } = await resourceScope(app, request, 'GrantSets');
    ctx.access.assertCan('Read', GRANT_SET_TYPE);
    const matches = CATALOGUE.filter((r) => matchesFilters(r, filters));
    await ctx.audit.record(resourceAudit(ctx, GRANT_SET_TYPE, 'E', { query: JSON.stringify(filters) }));
    if (stringHeader(request.headers, HEADERS.prefer) === PREFER_MINIMAL) {
      return reply.code(204).header(HEADERS.totalCount, String(matches.length)).send();
    }
    return reply.send(matches);
  }

  async function one(request: FastifyRequest): Promise<Resource> {
    const { ctx } = await resourceScope(app, request, 'GrantSets');
    ctx.access.assertCan('Read', GRANT_SET_TYPE);
    const { id, versionId } = request.params as { id: string; versionId?: string };
    const found = CATALOGUE.find((r) => r.id === id);
    if (!found || (versionId !== undefined && versionId !== CATALOGUE_VERSION)) throw notFound();
    await ctx.audit.record(resourceAudit(ctx, GRANT_SET_TYPE, 'R', { id }));
    return found;
  }

  app.get(base, (request, reply) => list(request, reply, []));
  app.post(`${base}/queries`, { config: { readOnly: true } }, (request, reply) => list(request, reply, parseFilters(request.body ?? [])));
  app.get(`${base}/:id`, async (request, reply) => reply.send(await one(request)));
  app.get(`${base}/:id/_history`, async (request, reply) => reply.send([await one(request)]));
  app.get(`${base}/:id/_history/:versionId`, async (request, reply) => reply.send(await one(request)));
}
