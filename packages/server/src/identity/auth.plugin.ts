import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { AppError, ErrorCodes, HEADERS, MESSAGES, XSRF_COOKIE } from '@caseload/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Account, Membership } from './account-store.ts';
import { CallerCache, type PrincipalMemo } from './caller-cache.ts';
import { listenForCallerChanges, type CallerListener } from './caller-notifications.ts';
import { hashSecret, isIdle, loadCaller, newSecret, touchDue, touchSession, type Session } from './session-store.ts';

export const SESSION_COOKIE = 'caseload_session';

/** Who is calling: the account and session behind the session cookie. */
export interface Identity {
  account: Account;
  session: Session;
  /** All of the account's memberships, when read with the session (saves resolvePrincipal a query). */
  memberships?: Membership[];
  /** Principals already resolved for this session (see identity/caller-cache.ts). */
  principals?: PrincipalMemo;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** This server's listener for caller-change notifications (its `syncs` count is for tests). */
    callerListener: CallerListener;
  }
  interface FastifyContextConfig {
    /** `public` routes answer without a session (sign-in, invites); everything else needs one. */
    auth?: 'public' | 'session';
    /**
     * A POST that changes nothing (`.../queries`): answered without waiting for this server's
     * cache to hear of its own commits, since it made none.
     */
    readOnly?: boolean;
    /**
     * `'by-route'`: an unsafe route whose writes can only notify caller changes through the
     * resource repository, whose answer says whether they did (`Written.callersChanged`); the
     * route itself waits for the cache then (`app.callerListener.sync()`), so this hook does not.
     * Unset, every successful unsafe call waits (identity, users, practices...).
     */
    callerSync?: 'by-route';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Cookie options: HttpOnly for the session, readable by the page for the XSRF token. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, secret: string, xsrf: string): void {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, secret, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(XSRF_COOKIE, xsrf, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Sessions and XSRF for every route. The session cookie is looked up (and its idle time checked)
 * on each request; routes say in their config whether they need one. Every unsafe method must
 * echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header, and with a session the token must be that
 * session's own, so a token planted by another site or left from another session does not pass.
 *
 * One onRequest hook does it all, cookie parsing included (the cookie plugin's own parsing hook is
 * off), and it is a callback hook that finishes synchronously when the caller is cached and fresh:
 * on that path, every signed-in read's, it allocates no promise (docs/performance.md, "The caller
 * in one statement, cached").
 */
export const authPlugin = fp(
  async (app) => {
    await app.register(cookie, { hook: false });
    app.decorateRequest('identity', null);
    const cache = new CallerCache();
    const listener = listenForCallerChanges(app.db.clientConfig(), cache);
    app.decorate('callerListener', listener);
    app.addHook('onClose', () => listener.close());
    // A write that changed a caller (roles, a deactivation, a practice role) is answered only once
    // this server's cache has heard of it, so the caller's next call sees the change. Calls that
    // only read (`POST .../queries`) say so in their route config and skip the round trip, and
    // resource writes wait in their route, only when they wrote a type that notifies (the round trip is on one
    // connection, so every write waiting on it queued there: docs/performance.md, "The caller in
    // one statement, cached").
    app.addHook('onSend', (request, reply, payload, done) => {
      const config = request.routeOptions.config;
      if (!UNSAFE.has(request.method) || reply.statusCode >= 300 || config.readOnly || config.callerSync === 'by-route') {
        done(null, payload);
        return;
      }
      listener.sync().then(() => done(null, payload), done);
    });

    /**
     * The cached caller of a session when no statement is needed for it: fresh in the cache, not
     * idle, and its last-seen not due for writing. Undefined sends the request down the slow path.
     */
    function cachedCaller(idHash: string, now: Date): Identity | undefined {
      const cached = cache.identity(idHash);
      return cached && !isIdle(cached.session, now) && !touchDue(cached.session, now) ? cached : undefined;
    }

    /**
     * The caller of a session: from the cache when it is fresh (the idle timeout still applies,
     * and last-seen is still written once a minute, which also notices a session ended on another
     * server), else session, account and memberships in one statement.
     */
    async function identify(idHash: string, now: Date): Promise<Identity | null> {
      const cached = cache.identity(idHash);
      if (cached && !isIdle(cached.session, now)) {
        if (await touchSession(app.db.pool, cached.session, now)) return cached;
        cache.forgetSession(idHash);
        return null;
      }
      const generation = cache.generation;
      const caller = await loadCaller(app.db.pool, idHash, now);
      if (!caller || caller.account.disabled) return null;
      cache.setIdentity(caller, generation);
      return { ...caller, principals: cache.memo(idHash) };
    }

    /** The checks that follow identification: XSRF cookie and header, and whether the route needs a caller. */
    function admit(request: FastifyRequest, reply: FastifyReply, identity: Identity | null): void {
      request.identity = identity;
      if (!identity && request.cookies[SESSION_COOKIE]) clearSessionCookie(reply);
      if (!request.cookies[XSRF_COOKIE]) {
        // A first visit gets a token before any session, so the sign-in form can echo it.
        const token = identity?.session.xsrfToken ?? newSecret();
        reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: request.protocol === 'https' });
        request.cookies[XSRF_COOKIE] = token;
      }
      if (UNSAFE.has(request.method)) {
        const header = request.headers[HEADERS.xsrf];
        const sent = Array.isArray(header) ? header[0] : header;
        const expected = identity?.session.xsrfToken ?? request.cookies[XSRF_COOKIE];
        if (!sameSecret(sent, request.cookies[XSRF_COOKIE]) || !sameSecret(sent, expected)) {
          // The error handler audits it as a security alert, with this cause as the description.
          throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, {
            cause: `Missing or wrong XSRF token on ${request.method} ${request.routeOptions.url ?? request.url}`,
          });
        }
      }
      if (request.routeOptions.config.auth !== 'public' && !identity) {
        throw new AppError(ErrorCodes.Unauthorized, MESSAGES.unauthorized);
      }
    }

    app.addHook('onRequest', (request, reply, done) => {
      const header = request.headers.cookie;
      request.cookies = header ? app.parseCookie(header) : {};
      const secret = request.cookies[SESSION_COOKIE];
      if (!secret) {
        admit(request, reply, null);
        done();
        return;
      }
      const now = app.clock();
      const idHash = hashSecret(secret);
      const fresh = cachedCaller(idHash, now);
      if (fresh) {
        admit(request, reply, fresh);
        done();
        return;
      }
      identify(idHash, now).then((identity) => {
        try {
          admit(request, reply, identity);
        } catch (error) {
          done(error as Error);
          return;
        }
        done();
      }, done);
    });
  },
  { name: 'auth', dependencies: ['storage', 'audit'] },
);
