import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { AppError, ErrorCodes, HEADERS, MESSAGES, XSRF_COOKIE } from '@caseload/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Account, Membership } from './account-store.ts';
import { CallerCache, type PrincipalMemo } from './caller-cache.ts';
import { listenForCallerChanges } from './caller-notifications.ts';
import { hashSecret, isIdle, loadCaller, newSecret, touchSession, type Session } from './session-store.ts';

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
  interface FastifyContextConfig {
    /** `public` routes answer without a session (sign-in, invites); everything else needs one. */
    auth?: 'public' | 'session';
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
 */
export const authPlugin = fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('identity', null);
    const cache = new CallerCache();
    const listener = listenForCallerChanges(app.db.pool.options.connectionString!, cache);
    app.addHook('onClose', () => listener.close());
    // A write that changed a caller (roles, a deactivation, a practice role) is answered only once
    // this server's cache has heard of it, so the caller's next call sees the change.
    app.addHook('onSend', async (request, reply, payload) => {
      if (UNSAFE.has(request.method) && reply.statusCode < 300) await listener.sync();
      return payload;
    });

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

    app.addHook('onRequest', async (request, reply) => {
      request.identity = null;
      const secret = request.cookies[SESSION_COOKIE];
      if (secret) {
        request.identity = await identify(hashSecret(secret), app.clock());
        if (!request.identity) clearSessionCookie(reply);
      }
      if (!request.cookies[XSRF_COOKIE]) {
        // A first visit gets a token before any session, so the sign-in form can echo it.
        const token = request.identity?.session.xsrfToken ?? newSecret();
        reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: request.protocol === 'https' });
        request.cookies[XSRF_COOKIE] = token;
      }
      if (UNSAFE.has(request.method)) {
        const header = request.headers[HEADERS.xsrf];
        const sent = Array.isArray(header) ? header[0] : header;
        const expected = request.identity?.session.xsrfToken ?? request.cookies[XSRF_COOKIE];
        if (!sameSecret(sent, request.cookies[XSRF_COOKIE]) || !sameSecret(sent, expected)) {
          // The error handler audits it as a security alert, with this cause as the description.
          throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, {
            cause: `Missing or wrong XSRF token on ${request.method} ${request.routeOptions.url ?? request.url}`,
          });
        }
      }
      if (request.routeOptions.config.auth !== 'public' && !request.identity) {
        throw new AppError(ErrorCodes.Unauthorized, MESSAGES.unauthorized);
      }
    });
  },
  { name: 'auth', dependencies: ['storage', 'audit'] },
);
