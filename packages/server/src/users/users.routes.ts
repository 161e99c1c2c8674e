import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { practicePrincipal } from '../http/resource-scope.ts';
import type { AdminContext } from './admin-context.ts';
import { changeRoles, listPracticeUsers, setUserActive } from './user-admin.service.ts';
import { USER_SCHEMAS as schemas } from './users.schemas.ts';

/** The caller as a principal of the practice in the URL (404 for a practice it cannot see). */
export async function adminContext(
  app: FastifyInstance,
  request: FastifyRequest & { params: { practiceId: string } },
): Promise<AdminContext> {
  const { practiceId } = request.params;
  const db = app.db.forRequest(request.stats);
  const principal = await practicePrincipal(app, request, db, practiceId);
  return { db, principal, clock: app.clock, requestId: request.id, address: request.ip };
}

/** The practice's users: who belongs, as which profile, with which roles (docs/identity.md). */
export async function userRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/api/v1/practices/:practiceId/users';

  app.get(base, { schema: schemas.list }, async (request, reply) => reply.send(await listPracticeUsers(await adminContext(app, request))));

  app.put(`${base}/:accountId/roles`, { schema: schemas.roles }, async (request, reply) => {
    const ctx = await adminContext(app, request);
    const { accountId } = request.params;
    return reply.send(await changeRoles(ctx, accountId, request.body));
  });

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(`${base}/:accountId/${action}`, { schema: schemas.activate(active) }, async (request, reply) => {
      const ctx = await adminContext(app, request);
      await setUserActive(ctx, request.params.accountId, active);
      return reply.code(204).send();
    });
  }
}
