import { notFound } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sessionView, whoAmI } from './who-am-i.ts';
import { clearSessionCookie, setSessionCookies } from './auth.plugin.ts';
import { endSession, listSessions } from './session-store.ts';
import { AUTH_SCHEMAS as schemas } from './identity.schemas.ts';
import { signIn, signOut } from './sign-in.service.ts';

/** Sign-in, sign-out and one's own sessions (documented in docs/api.md, "Signing in"). */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/v1/auth/session', { schema: schemas.session, config: { auth: 'public' } }, async (request, reply) => {
    if (!request.identity) return reply.code(204).send();
    return reply.send(await whoAmI(app, request.identity));
  });

  app.post('/api/v1/auth/sign-in', { schema: schemas.signIn, config: { auth: 'public' } }, async (request, reply) => {
    const { body } = request;
    const { account, session, secret } = await signIn(
      { db: app.db.pool, audit: app.audit, clock: app.clock },
      { email: body.email, password: body.password, address: request.ip, userAgent: request.headers['user-agent'], requestId: request.id },
    );
    setSessionCookies(request, reply, secret, session.xsrfToken);
    return reply.send(await whoAmI(app, { account, session }));
  });

  app.post('/api/v1/auth/sign-out', { schema: schemas.signOut }, async (request, reply) => {
    const { account, session } = request.identity!;
    await signOut(
      { db: app.db.pool, audit: app.audit },
      { accountId: account.id, sessionIdHash: session.idHash },
      { address: request.ip, requestId: request.id },
    );
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get('/api/v1/auth/sessions', { schema: schemas.sessions }, async (request, reply) => {
    const identity = request.identity!;
    const sessions = await listSessions(app.db.pool, identity.account.id);
    return reply.send(sessions.map((s) => sessionView(s, identity.session)));
  });

  app.delete('/api/v1/auth/sessions/:id', { schema: schemas.endSession }, async (request, reply) => {
    const identity = request.identity!;
    const { id } = request.params;
    const own = (await listSessions(app.db.pool, identity.account.id)).some((s) => s.idHash === id);
    if (!own || !(await endSession(app.db.pool, id))) throw notFound();
    if (id === identity.session.idHash) clearSessionCookie(reply);
    return reply.code(204).send();
  });
}
