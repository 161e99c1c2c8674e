import {
  GRANT_SETS,
  HEADERS,
  PREFER_MINIMAL,
  getResourceType,
  parseFilters,
  type Filter,
  type GrantSet,
  type GrantSetResource,
} from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { stringHeader } from '../http/request-headers.ts';
import { resourceScope, type ScopedRequest } from '../http/resource-scope.ts';
import { GRANT_SET_SCHEMAS as schemas } from './practice.schemas.ts';

const GRANT_SET_TYPE = getResourceType('GrantSet')!;
// The catalogue changes only with a release; its version is fixed per release.
const CATALOGUE_VERSION = 'catalogue-1';
const RELEASED = '2026-11-22T00:00:00Z';

/** A grant set's id: its name in kebab case (`Read patients` → `read-patients`). */
export const grantSetId = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A catalogue grant set as a GrantSet resource; roles name it by `display`, its name. */
function asResource(set: GrantSet): GrantSetResource {
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

const CATALOGUE: readonly GrantSetResource[] = GRANT_SETS.map(asResource);

/**
 * The GrantSets collection reads the grant-set catalogue in code (docs/access.md): every practice
 * sees the same sets, nobody can write one, and practice roles are built from them. Lists,
 * queries (the same grammar, evaluated in memory), counts, reads and the one-version history work
 * as for any collection; the catalogue is small, so a list is always one page. Reading needs
 * GrantSet Read and is audited, by the repository's catalogue reader (storage/catalogue-reader.ts).
 */
export async function grantSetRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/api/v1/practices/:practiceId/GrantSets';
  const catalogueOf = async (request: ScopedRequest) =>
    (await resourceScope(app, request, 'GrantSets')).repo.catalogue(GRANT_SET_TYPE, CATALOGUE);

  async function list(request: ScopedRequest, reply: FastifyReply, filters: Filter[]) {
    const matches = await (await catalogueOf(request)).search(filters);
    if (stringHeader(request.headers, HEADERS.prefer) === PREFER_MINIMAL) {
      return reply.code(204).header(HEADERS.totalCount, String(matches.length)).send();
    }
    return reply.send(matches);
  }

  app.get(base, { schema: schemas.list }, (request, reply) => list(request, reply, []));
  app.post(`${base}/queries`, { schema: schemas.query, config: { readOnly: true } }, (request, reply) =>
    list(request, reply, parseFilters(request.body ?? [])),
  );
  app.get(`${base}/:id`, { schema: schemas.read }, async (request, reply) =>
    reply.send(await (await catalogueOf(request)).read(request.params.id)),
  );
  app.get(`${base}/:id/_history`, { schema: schemas.history }, async (request, reply) =>
    reply.send([await (await catalogueOf(request)).read(request.params.id)]),
  );
  app.get(`${base}/:id/_history/:versionId`, { schema: schemas.version }, async (request, reply) =>
    reply.send(await (await catalogueOf(request)).read(request.params.id, request.params.versionId)),
  );
}
