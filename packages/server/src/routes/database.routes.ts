import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { assertInternalAdmin } from '../access/internal-admin.ts';
import { DATABASE_SCHEMAS as schemas } from './practice.schemas.ts';

/**
 * Provision and remove a practice network's storage (SPEC.md section 7). Both answer 204;
 * provisioning twice is harmless, removing an unknown network is a 404.
 */
export async function databaseRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/api/v1/database/:name', { schema: schemas.provision }, async (request, reply) => {
    assertInternalAdmin(request);
    await app.practices.provision(request.params.name);
    return reply.code(204).send();
  });

  app.delete('/api/v1/database/:name', { schema: schemas.remove }, async (request, reply) => {
    assertInternalAdmin(request);
    const { name } = request.params;
    await app.practices.remove(name);
    await app.content.deletePrefix(`${name}/`);
    return reply.code(204).send();
  });
}
