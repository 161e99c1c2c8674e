import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ContentService } from '../content/content.service.ts';
import { CONTENT_GUARDS } from '../content/content-guards.ts';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { closeKiosk, kioskCaller, kioskSaveAnswers, kioskSignature, kioskSubmit, kioskView, openKiosk } from './kiosk.service.ts';
import { reviewPacket } from './packet-review.service.ts';
import { deliverPacket, resendPacket, sendPacket, type SentPacket } from './packet-send.service.ts';
import { submitPacket } from './packet-submit.service.ts';
import { KIOSK_SCHEMAS as kiosk, PACKET_SCHEMAS as schemas } from './packets.schemas.ts';

const BASE = '/api/v1/practices/:practiceId';

/**
 * The packet calls (docs/portal.md, "Packets"): send and re-send (staff), submit (the recipient,
 * or staff on the clinic's device), review (staff), and the kiosk's. Each goes through the
 * caller's repository (permissions, patient reach, audit); the packet write rules keep their fields
 * the server's. Send and submit honour Idempotency-Key: a retry is answered with the first answer,
 * and only the first sends e-mail.
 */
export async function packetRoutes(instance: FastifyInstance, options: { maxContentBytes: number }): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (scope: Awaited<ReturnType<typeof resourceScope>>) => ({ scope, mailer: app.mailer, publicUrl: app.publicUrl });
  const content = new ContentService({ store: app.content, maxContentBytes: options.maxContentBytes, guards: CONTENT_GUARDS });

  app.post(`${BASE}/Packets/:id/send`, { schema: schemas.send }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Packets');
    let sent: SentPacket | undefined;
    const answer = await writeOnce(request, scope, async (repo) => {
      sent = await sendPacket(deps(scope), request.params.id, request.body, repo);
      return { status: 201, body: sent.response };
    });
    // Only the write that committed sends the e-mail; a replayed answer sends none.
    if (sent) await deliverPacket(deps(scope), sent);
    return sendWritten(reply, answer);
  });

  app.post(`${BASE}/PacketResponses/:id/resend`, { schema: schemas.resend }, async (request) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    const sent = await resendPacket(deps(scope), request.params.id, request.body);
    await deliverPacket(deps(scope), sent);
    return sent.response;
  });

  app.post(`${BASE}/PacketResponses/:id/submit`, { schema: schemas.submit }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    const answer = await writeOnce(request, scope, async (repo) => ({
      status: 200,
      body: await submitPacket(scope.ctx, request.params.id, request.body, repo),
    }));
    return sendWritten(reply, answer);
  });

  app.post(`${BASE}/PacketResponses/:id/review`, { schema: schemas.review }, async (request) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    return reviewPacket(scope.ctx, request.params.id, request.body);
  });

  app.post(`${BASE}/PacketResponses/:id/kiosk`, { schema: kiosk.open }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    return reply.code(201).send(await openKiosk(scope, request.params.id));
  });

  app.delete(`${BASE}/PacketResponses/:id/kiosk`, { schema: kiosk.close }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'PacketResponses');
    await closeKiosk(scope, request.params.id);
    return reply.code(204).send();
  });

  // The kiosk's calls: the X-Kiosk-Token header is their only credential (docs/portal.md, "Kiosk mode").
  const open = { config: { auth: 'public' as const } };
  app.get('/api/v1/kiosk', { ...open, schema: kiosk.view }, async (request) => kioskView(await kioskCaller(app, request)));

  app.put('/api/v1/kiosk/responses/:id', { ...open, schema: kiosk.answers }, async (request) =>
    kioskSaveAnswers(await kioskCaller(app, request), request.params.id, request.body),
  );

  app.post('/api/v1/kiosk/signatures', { ...open, schema: kiosk.signature }, async (request, reply) =>
    reply.code(201).send(await kioskSignature(await kioskCaller(app, request), content, request.body)),
  );

  app.post('/api/v1/kiosk/submit', { ...open, schema: kiosk.submit }, async (request) => kioskSubmit(await kioskCaller(app, request)));
}
