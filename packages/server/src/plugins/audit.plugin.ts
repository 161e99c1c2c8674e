import fp from 'fastify-plugin';
import { AuditWriter } from '../audit/audit-writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditWriter;
  }
}

/**
 * The shared audit writer (group commit for reads; writes audit inside their own transaction).
 * It has a connection of its own: on the requests' pool, a flush waited in line behind every
 * request queued for a connection, so under load each read's answer waited for the queue twice
 * (its own query, then its audit row), which made the tail of query latency (docs/performance.md,
 * "Audit batches").
 * One connection is enough: the writer runs one flush at a time.
 */
export const auditPlugin = fp(
  async (app) => {
    const own = app.db.withConnections(1);
    app.decorate('audit', new AuditWriter(own.pool, app.clock));
    app.addHook('onClose', () => own.close());
  },
  { name: 'audit', dependencies: ['storage'] },
);
