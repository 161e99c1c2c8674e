import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { whoAmI } from './who-am-i.ts';
import { setSessionCookies } from './auth.plugin.ts';
import { acceptInvite, inviteStatus, type AccountDeps, type Caller } from './invite-accept.service.ts';
import { ACCOUNT_SCHEMAS as schemas } from './identity.schemas.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.service.ts';

const callerOf = (request: FastifyRequest): Caller => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  requestId: request.id,
});

/** Invite acceptance and password reset: public calls reached from e-mailed links (docs/identity.md). */
export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (request: FastifyRequest): AccountDeps => ({ db: app.db.forRequest(request.stats), audit: app.audit, clock: app.clock });
  const open = { auth: 'public' as const };

  app.get('/api/v1/auth/invites/:token', { schema: schemas.inviteStatus, config: open }, async (request, reply) => {
    return reply.send(await inviteStatus(deps(request), request.params.token));
  });

  app.post('/api/v1/auth/invites/accept', { schema: schemas.acceptInvite, config: open }, async (request, reply) => {
    const { body } = request;
    const identity = await acceptInvite(deps(request), { token: body.token, password: body.password, ...callerOf(request) });
    setSessionCookies(request, reply, identity.secret, identity.session.xsrfToken);
    return reply.send(await whoAmI(app, identity));
  });

  app.post('/api/v1/auth/password-reset', { schema: schemas.requestPasswordReset, config: open }, async (request, reply) => {
    const mail = await requestPasswordReset(
      { ...deps(request), publicUrl: app.publicUrl },
      { email: request.body.email, ...callerOf(request) },
    );
    // Not awaited, so the answer takes as long whether or not the e-mail exists; a failure is
    // logged (the user can ask again), never shown.
    if (mail) void app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'password-reset e-mail failed'));
    return reply.code(204).send();
  });

  app.post('/api/v1/auth/password-reset/complete', { schema: schemas.completePasswordReset, config: open }, async (request, reply) => {
    const { body } = request;
    await completePasswordReset(deps(request), { token: body.token, password: body.password, ...callerOf(request) });
    return reply.code(204).send();
  });
}
