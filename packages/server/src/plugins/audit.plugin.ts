import fp from 'fastify-plugin';
import { AuditWriter } from '../audit/audit-writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditWriter;
  }
}

/** The shared audit writer (group commit for reads; writes audit inside their own transaction). */
export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', new AuditWriter(app.db.pool, app.clock));
  },
  { name: 'audit', dependencies: ['storage'] },
);
