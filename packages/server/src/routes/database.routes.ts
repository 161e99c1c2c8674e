import type { FastifyInstance } from 'fastify';
import { assertInternalAdmin } from '../access/internal-admin.ts';

interface NameParams { name: string }

/**
 * Provision and remove a practice network's storage (SPEC.md section 7). Both answer 204;
 * provisioning twice is harmless, removing an unknown network is a 404.
 */
export async function databaseRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/v1/database/:name', async (request, reply) => {
    assertInternalAdmin(request);
    await app.practices.provision((request.params as NameParams).name);
    return reply.code(204).send();
  });

  app.delete('/api/v1/database/:name', async (request, reply) => {
    assertInternalAdmin(request);
    const { name } = request.params as NameParams;
    await app.practices.remove(name);
    await app.content.deletePrefix(`${name}/`);
    return reply.code(204).send();
  });
}
