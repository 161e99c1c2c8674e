import type { FastifyInstance, FastifyRequest } from 'fastify';
import { whoAmI } from './who-am-i.ts';
import { setSessionCookies } from './auth.plugin.ts';
import { acceptInvite, inviteStatus, type AccountDeps, type Caller } from './invite-accept.service.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.service.ts';

type Body = { token?: unknown; password?: unknown; email?: unknown } | null | undefined;

const callerOf = (request: FastifyRequest): Caller => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  requestId: request.id,
});

/** Invite acceptance and password reset: public calls reached from e-mailed links (docs/identity.md). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): AccountDeps => ({ db: app.db.forRequest(request.stats), audit: app.audit, clock: app.clock });
  const open = { config: { auth: 'public' as const } };

  app.get('/api/v1/auth/invites/:token', open, async (request, reply) => {
    return reply.send(await inviteStatus(deps(request), (request.params as { token: string }).token));
  });

  app.post('/api/v1/auth/invites/accept', open, async (request, reply) => {
    const body = request.body as Body;
    const identity = await acceptInvite(deps(request), { token: body?.token, password: body?.password, ...callerOf(request) });
    setSessionCookies(request, reply, identity.secret, identity.session.xsrfToken);
    return reply.send(await whoAmI(app, identity));
  });

  app.post('/api/v1/auth/password-reset', open, async (request, reply) => {
    const mail = await requestPasswordReset({ ...deps(request), publicUrl: app.publicUrl }, { email: (request.body as Body)?.email, ...callerOf(request) });
    // Not awaited, so the answer takes as long whether or not the e-mail exists; a failure is
    // logged (the user can ask again), never shown.
    if (mail) void app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'password-reset e-mail failed'));
    return reply.code(204).send();
  });

  app.post('/api/v1/auth/password-reset/complete', open, async (request, reply) => {
    const body = request.body as Body;
    await completePasswordReset(deps(request), { token: body?.token, password: body?.password, ...callerOf(request) });
    return reply.code(204).send();
  });
}
