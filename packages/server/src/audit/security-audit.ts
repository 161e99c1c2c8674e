import { AUDIT_EVENT_TYPES, type AuditAction } from '@caseload/core';
import type { AdminContext } from '../users/admin-context.ts';
import type { AuditRecord } from './audit-writer.ts';

/**
 * An audit record for a change to who may do what: invites, roles, deactivation. DICOM files these
 * under Security Alert (110113; its subtypes 110136 "Security Roles Changed" and 110137 "User
 * Security Attributes Changed"), with outcome Success; `description` says which change.
 */
export function securityChangeAudit(
  ctx: AdminContext,
  change: { action: AuditAction; description: string; entity: { resourceType: string; id: string }; patientId?: string },
): AuditRecord {
  return {
    practiceId: ctx.principal.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.securityAlert,
      action: change.action,
      outcome: 'Success',
      description: change.description,
      agent: { who: ctx.principal.actor, accountId: ctx.principal.accountId, address: ctx.address },
      entity: change.entity,
      patient: change.patientId ? { resourceType: 'Patient', id: change.patientId } : undefined,
      requestId: ctx.requestId,
    },
  };
}

/** The audit record of reading the practice's user list (a query of who holds which roles). */
export function userListAudit(ctx: AdminContext): AuditRecord {
  return {
    practiceId: ctx.principal.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.query,
      action: 'E',
      outcome: 'Success',
      agent: { who: ctx.principal.actor, accountId: ctx.principal.accountId, address: ctx.address },
      entity: { resourceType: 'User', query: 'GET users' },
      requestId: ctx.requestId,
    },
  };
}
