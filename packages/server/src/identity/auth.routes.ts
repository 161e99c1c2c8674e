import { AUDIT_EVENT_SUBTYPES, AUDIT_EVENT_TYPES, notFound } from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membershipsOf } from './account-store.ts';
import { sessionView, whoAmI } from './who-am-i.ts';
import { clearSessionCookie, setSessionCookies, type Identity } from './auth.plugin.ts';
import { endSession, listSessions } from './session-store.ts';
import { signIn } from './sign-in.service.ts';

/** Sign-in, sign-out and one's own sessions (documented in docs/api.md, "Signing in"). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/auth/session', { config: { auth: 'public' } }, async (request, reply) => {
    if (!request.identity) return reply.code(204).send();
    return reply.send(await whoAmI(app, request.identity));
  });

  app.post('/api/v1/auth/sign-in', { config: { auth: 'public' } }, async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
    const { account, session, secret } = await signIn(
      { db: app.db.pool, audit: app.audit, clock: app.clock },
      { email: body.email, password: body.password, address: request.ip, userAgent: request.headers['user-agent'], requestId: request.id },
    );
    setSessionCookies(request, reply, secret, session.xsrfToken);
    return reply.send(await whoAmI(app, { account, session }));
  });

  app.post('/api/v1/auth/sign-out', async (request, reply) => {
    const identity = request.identity!;
    await endSession(app.db.pool, identity.session.idHash);
    await auditSignOut(app, request, identity);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get('/api/v1/auth/sessions', async (request, reply) => {
    const identity = request.identity!;
    const sessions = await listSessions(app.db.pool, identity.account.id);
    return reply.send(sessions.map((s) => sessionView(s, identity.session)));
  });

  app.delete('/api/v1/auth/sessions/:id', async (request, reply) => {
    const identity = request.identity!;
    const { id } = request.params as { id: string };
    const own = (await listSessions(app.db.pool, identity.account.id)).some((s) => s.idHash === id);
    if (!own || !(await endSession(app.db.pool, id))) throw notFound();
    if (id === identity.session.idHash) clearSessionCookie(reply);
    return reply.code(204).send();
  });
}

async function auditSignOut(app: FastifyInstance, request: FastifyRequest, identity: Identity): Promise<void> {
  const practices = [...new Set((await membershipsOf(app.db.pool, identity.account.id)).map((m) => m.practiceId))];
  await Promise.all(
    (practices.length ? practices : ['']).map((practiceId) =>
      app.audit.record({
        practiceId,
        event: {
          type: AUDIT_EVENT_TYPES.userAuthentication,
          subtype: AUDIT_EVENT_SUBTYPES.logout,
          action: 'E',
          outcome: 'Success',
          agent: { accountId: identity.account.id, address: request.ip },
          requestId: request.id,
        },
      }),
    ),
  );
}
