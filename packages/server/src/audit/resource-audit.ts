import { AUDIT_EVENT_TYPES, type AuditAction, type AuditEventBody, type ResourceTypeDefinition } from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { AuditRecord } from './audit-writer.ts';

/** The patient a resource belongs to: its partition, or itself for the Patient record. */
export function patientOf(type: ResourceTypeDefinition, resource: { id?: string; partition?: string | null }) {
  const id = type.name === 'Patient' ? resource.id : type.partitioned ? resource.partition : undefined;
  return id ? { resourceType: 'Patient' as const, id } : undefined;
}

/** An audit record for something the caller did to one resource, or to a collection (a query). */
export function resourceAudit(
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  action: AuditAction,
  target: { id?: string; versionId?: string; partition?: string | null; query?: string },
  outcome: AuditEventBody['outcome'] = 'Success',
): AuditRecord {
  const code =
    type.name === 'AuditEvent'
      ? AUDIT_EVENT_TYPES.auditLogUsed
      : target.query !== undefined
        ? AUDIT_EVENT_TYPES.query
        : AUDIT_EVENT_TYPES.patientRecord;
  return {
    practiceId: ctx.practiceId,
    event: {
      type: code,
      action,
      outcome,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: type.name, id: target.id, versionId: target.versionId, query: target.query },
      patient: patientOf(type, target),
      requestId: ctx.requestId,
    },
  };
}
