import type { FastifyInstance } from 'fastify';
import { resourceScope } from '../http/resource-scope.ts';
import { sendInvite } from './invite.service.ts';

/**
 * `POST {Patients|Practitioners|RelatedPeople}/{id}/invite` with `{ target }`: 201 when the
 * profile is newly linked, 200 when an invite is re-sent (docs/identity.md).
 */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/v1/practices/:practiceId/:collection/:id/invite', async (request, reply) => {
    const scope = await resourceScope(app, request);
    const { id } = request.params as { id: string };
    const { created, invite } = await sendInvite({ scope, mailer: app.mailer, publicUrl: app.publicUrl }, id, request.body);
    return reply.code(created ? 201 : 200).send(invite);
  });
}
