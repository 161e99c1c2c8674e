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

/** The Server-Timing value: database time and statements, rows touched (the charge), total time. */
export function serverTiming(s: QueryStats, totalMs: number): string {
  return `db;dur=${s.milliseconds.toFixed(2)};desc="${s.queries} statements", charge;desc="${s.rows}", total;dur=${totalMs.toFixed(2)}`;
}

/** A request id generator that keeps a well-formed id sent by the client, so logs join up. */
export function requestIdFrom(headers: Record<string, string | string[] | undefined>): string {
  const given = headers[HEADERS.requestId];
  return typeof given === 'string' && INCOMING_ID.test(given) ? given : randomUUID();
}

/**
 * Every response carries its request id, and Server-Timing with the database time, the number of
 * statements, the rows they touched (the request charge) and the total time.
 */
export const requestContextPlugin = fp(
  async (app) => {
    app.decorateRequest('stats', null as unknown as QueryStats);
    app.decorateRequest('startedAt', 0);
    app.addHook('onRequest', async (request, reply) => {
      request.stats = { queries: 0, rows: 0, milliseconds: 0 };
      request.startedAt = performance.now();
      reply.header(HEADERS.requestId, request.id);
    });
    app.addHook('onSend', async (request, reply) => {
      // Errors met before routing (a malformed URL) skip onRequest: report what we have.
      const s = request.stats ?? { queries: 0, rows: 0, milliseconds: 0 };
      const total = request.startedAt ? performance.now() - request.startedAt : 0;
      reply.header(HEADERS.serverTiming, serverTiming(s, total));
    });
  },
  { name: 'request-context' },
);
