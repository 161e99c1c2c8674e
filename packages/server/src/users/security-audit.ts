import { AUDIT_EVENT_TYPES, type AuditAction } from '@caseload/core';
import type { Principal } from '../access/principal.ts';
import type { AuditRecord } from '../audit/audit-writer.ts';
import type { RequestDatabase } from '../db/database.ts';

/** What a user-administration step needs: the request's database, the caller, and where it came from. */
export interface AdminContext {
  db: RequestDatabase;
  principal: Principal;
  clock: () => Date;
  requestId: string;
  address: string;
}

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
