import { AUDIT_EVENT_TYPES } from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccessPolicy } from '../access/access-policy.ts';
import { resolvePrincipal } from '../access/principal.ts';
import { actorFrom } from '../http/request-headers.ts';
import type { AdminContext } from './security-audit.ts';
import { assertAdministrative, changeRoles, setUserActive } from './user-admin.service.ts';
import { listUsers } from './user-directory.ts';

interface UserParams {
  practiceId: string;
  accountId: string;
}

/** The caller as a principal of the practice in the URL (404 for a practice it cannot see). */
export async function adminContext(app: FastifyInstance, request: FastifyRequest): Promise<AdminContext> {
  const { practiceId } = request.params as { practiceId: string };
  await app.practices.assertExists(practiceId);
  const db = app.db.forRequest(request.stats);
  const principal = await resolvePrincipal(db, request.identity!, practiceId, actorFrom(request.headers));
  return { db, principal, clock: app.clock, requestId: request.id, address: request.ip };
}

/** The practice's users: who belongs, as which profile, with which roles (docs/identity.md). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/v1/practices/:practiceId/users';

  app.get(base, async (request, reply) => {
    const ctx = await adminContext(app, request);
    assertAdministrative(ctx.principal, ['CanManageUsers', 'CanViewPermission']);
    const users = await listUsers(ctx.db, new AccessPolicy(ctx.principal), ctx.clock());
    await app.audit.record({
      practiceId: ctx.principal.practiceId,
      event: {
        type: AUDIT_EVENT_TYPES.query,
        action: 'E',
        outcome: 'Success',
        agent: { who: ctx.principal.actor, accountId: ctx.principal.accountId, address: ctx.address },
        entity: { resourceType: 'User', query: 'GET users' },
        requestId: ctx.requestId,
      },
    });
    return reply.send(users);
  });

  app.put(`${base}/:accountId/roles`, async (request, reply) => {
    const ctx = await adminContext(app, request);
    const { accountId } = request.params as UserParams;
    return reply.send(await changeRoles(ctx, accountId, request.body));
  });

  for (const [action, active] of [['deactivate', false], ['activate', true]] as const) {
    app.post(`${base}/:accountId/${action}`, async (request, reply) => {
      const ctx = await adminContext(app, request);
      await setUserActive(ctx, (request.params as UserParams).accountId, active);
      return reply.code(204).send();
    });
  }
}
