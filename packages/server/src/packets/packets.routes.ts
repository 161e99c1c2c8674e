import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resourceScope } from '../http/resource-scope.ts';
import { reviewPacket } from './packet-review.service.ts';
import { resendPacket, sendPacket } from './packet-send.service.ts';
import { submitPacket } from './packet-submit.service.ts';
import { PACKET_SCHEMAS as schemas } from './packets.schemas.ts';

const BASE = '/api/v1/practices/:practiceId';

/**
 * The packet calls (docs/portal.md, "Packets"): send and re-send (staff), submit (the recipient,
 * or staff on the clinic's device), review (staff). Each goes through the caller's repository
 * (permissions, patient reach, audit); the packet write rules keep their fields the server's.
 */
export async function packetRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (scope: Awaited<ReturnType<typeof resourceScope>>) => ({ scope, mailer: app.mailer, publicUrl: app.publicUrl });

  app.post(`${BASE}/Packets/:id/send`, { schema: schemas.send }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Packets');
    return reply.code(201).send(await sendPacket(deps(scope), request.params.id, request.body));
  });

  app.post(`${BASE}/PacketResponses/:id/resend`, { schema: schemas.resend }, async (request) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    return resendPacket(deps(scope), request.params.id, request.body);
  });

  app.post(`${BASE}/PacketResponses/:id/submit`, { schema: schemas.submit }, async (request) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    return submitPacket(scope.ctx, request.params.id, request.body);
  });

  app.post(`${BASE}/PacketResponses/:id/review`, { schema: schemas.review }, async (request) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    return reviewPacket(scope.ctx, request.params.id, request.body);
  });
}
