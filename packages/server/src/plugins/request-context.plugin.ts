import { randomUUID } from 'node:crypto';
import { HEADERS } from '@caseload/core';
import fp from 'fastify-plugin';
import type { QueryStats } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Database work this request did, reported in Server-Timing. */
    stats: QueryStats;
    startedAt: number;
  }
}

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Milliseconds to two decimals, without toFixed's general formatting path. */
function ms(value: number): string {
  const hundredths = Math.round(value * 100);
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths - whole * 100;
  return `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/** The Server-Timing value: database time and statements, rows touched (the charge), total time. */
export function serverTiming(s: QueryStats, totalMs: number): string {
  return `db;dur=${ms(s.milliseconds)};desc="${s.queries} statements", charge;desc="${s.rows}", total;dur=${ms(totalMs)}`;
}

/** A request id generator that keeps a well-formed id sent by the client, so logs join up. */
export function requestIdFrom(headers: Record<string, string | string[] | undefined>): string {
  const given = headers[HEADERS.requestId];
  return typeof given === 'string' && INCOMING_ID.test(given) ? given : randomUUID();
}

/**
 * Every response carries its request id, and Server-Timing with the database time, the number of
 * statements, the rows they touched (the request charge) and the total time. Both hooks are
 * callback hooks: they never wait, so they should not cost a promise each (docs/performance.md).
 */
export const requestContextPlugin = fp(
  async (app) => {
    app.decorateRequest('stats', null as unknown as QueryStats);
    app.decorateRequest('startedAt', 0);
    app.addHook('onRequest', (request, reply, done) => {
      request.stats = { queries: 0, rows: 0, milliseconds: 0 };
      request.startedAt = performance.now();
      reply.header(HEADERS.requestId, request.id);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // Errors met before routing (a malformed URL) skip onRequest: report what we have.
      const total = request.startedAt ? performance.now() - request.startedAt : 0;
      reply.header(HEADERS.serverTiming, serverTiming(request.stats ?? NO_STATS, total));
      done(null, payload);
    });
  },
  { name: 'request-context' },
);

const NO_STATS: QueryStats = Object.freeze({ queries: 0, rows: 0, milliseconds: 0 });
