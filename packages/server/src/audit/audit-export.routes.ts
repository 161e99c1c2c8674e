import { Readable } from 'node:stream';
import { parseFilters } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resourceScope } from '../http/resource-scope.ts';
import { AUDIT_EXPORT_SCHEMA } from '../routes/practice.schemas.ts';
import { exportAuditTrail } from './audit-export.service.ts';

/**
 * `POST /api/v1/practices/{practiceId}/AuditEvents/export` with the filter list of
 * `AuditEvents/queries` as its body: the matching trail, newest first, streamed as CSV
 * (docs/api.md, docs/audit-trail.md). Authorised like reading AuditEvents; audited as an Export.
 */
export async function auditExportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/v1/practices/:practiceId/AuditEvents/export',
    { schema: AUDIT_EXPORT_SCHEMA, config: { readOnly: true } },
    async (request, reply) => {
      const scope = await resourceScope(app, request, 'AuditEvents');
      const exported = await exportAuditTrail(scope, parseFilters(request.body ?? []));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exported.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exported.chunks));
    },
  );
}
