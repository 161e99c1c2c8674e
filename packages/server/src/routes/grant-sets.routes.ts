import { GRANT_SETS, getResourceType, notFound, type GrantSet, type Resource } from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { resourceAudit } from '../audit/resource-audit.ts';
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

/**
 * The GrantSets collection reads the grant-set catalogue in code (docs/access.md): every practice
 * sees the same sets, nobody can write one, and practice roles are built from them. Reading needs
 * GrantSet Read, like any collection, and is audited.
 */
export async function grantSetRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/v1/practices/:practiceId/GrantSets';

  app.get(base, async (request, reply) => {
    const { ctx } = await resourceScope(app, request, 'GrantSets');
    ctx.access.assertCan('Read', GRANT_SET_TYPE);
    await ctx.audit.record(resourceAudit(ctx, GRANT_SET_TYPE, 'E', { query: 'catalogue' }));
    return reply.send(GRANT_SETS.map(asResource));
  });

  app.get(`${base}/:id`, async (request, reply) => {
    const { ctx } = await resourceScope(app, request, 'GrantSets');
    ctx.access.assertCan('Read', GRANT_SET_TYPE);
    const { id } = request.params as { id: string };
    const set = GRANT_SETS.find((s) => grantSetId(s.name) === id);
    if (!set) throw notFound();
    await ctx.audit.record(resourceAudit(ctx, GRANT_SET_TYPE, 'R', { id }));
    return reply.send(asResource(set));
  });
}
