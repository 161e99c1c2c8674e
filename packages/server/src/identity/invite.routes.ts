import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resourceScope } from '../http/resource-scope.ts';
import { INVITE_SCHEMA } from './identity.schemas.ts';
import { sendInvite } from './invite.service.ts';

/**
 * `POST {Patients|Practitioners|RelatedPeople}/{id}/invite` with `{ target }`: 201 when the
 * profile is newly linked, 200 when an invite is re-sent (docs/identity.md).
 */
export async function inviteRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/api/v1/practices/:practiceId/:collection/:id/invite', { schema: INVITE_SCHEMA }, async (request, reply) => {
    const scope = await resourceScope(app, request);
    const { id } = request.params;
    const { created, invite } = await sendInvite({ scope, mailer: app.mailer, publicUrl: app.publicUrl }, id, request.body);
    return reply.code(created ? 201 : 200).send(invite);
  });
}
