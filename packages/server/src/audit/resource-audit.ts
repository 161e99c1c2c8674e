import {
  AUDIT_EVENT_TYPES,
  ErrorCodes,
  type AppError,
  type AuditAction,
  type AuditEventBody,
  type ResourceTypeDefinition,
} from '@caseload/core';
import type { RefusedTarget } from '../storage/refused-attempts.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { AuditRecord } from './audit-writer.ts';
import { reasonOf } from './refusal.ts';

/** The patient a resource belongs to: its partition, or itself for the Patient record. */
export function patientOf(type: ResourceTypeDefinition, resource: { id?: string; partition?: string | null }) {
  const id = type.name === 'Patient' ? resource.id : type.partitioned ? resource.partition : undefined;
  return id ? { resourceType: 'Patient' as const, id } : undefined;
}

/** What an event is about: one resource (its id, version and partition), or a collection's query. */
export interface AuditTarget {
  id?: string;
  versionId?: string;
  partition?: string | null;
  query?: string;
}

/** An audit record for something the caller did to one resource, or to a collection (a query). */
export function resourceAudit(
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  action: AuditAction,
  target: AuditTarget,
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

/** The event of a patient merge itself, beside the audited writes it made: both patients named. */
export function patientMergeAudit(
  ctx: RepositoryContext,
  merge: { duplicateId: string; survivorId: string; tombstoneVersionId: string; moved: number },
): AuditRecord {
  return {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.patientRecord,
      action: 'U',
      outcome: 'Success',
      description: `Patient merge: Patient/${merge.duplicateId} merged into Patient/${merge.survivorId}; ${merge.moved} records moved.`,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'Patient', id: merge.duplicateId, versionId: merge.tombstoneVersionId },
      patient: { resourceType: 'Patient', id: merge.survivorId },
      requestId: ctx.requestId,
    },
  };
}

const REFUSED: Partial<Record<string, string>> = {
  [ErrorCodes.Forbidden]: 'Forbidden',
  [ErrorCodes.NotFound]: 'Not found',
  [ErrorCodes.Gone]: 'Gone',
};

/**
 * The failed attempts a refused call leaves: one event naming the resource and its patient (from
 * `stored`, what the server knows of it, or the partition a create named), or one per patient the
 * refusal's reason names. A 403 is a Security Alert; a 404 or 410 keeps the type of what was
 * attempted. `description` says why, in words the caller never sees.
 */
export function refusalAudits(
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  action: AuditAction,
  target: AuditTarget,
  refusal: AppError,
  stored?: RefusedTarget,
  /** What was being done when it was refused, when the call itself is not (an expansion). */
  context?: string,
): AuditRecord[] {
  const reason = reasonOf(refusal);
  const record = resourceAudit(ctx, type, action, target, 'Failure');
  const title = `${REFUSED[refusal.code] ?? refusal.code}${context ? ` (${context})` : ''}`;
  const event = {
    ...record.event,
    type: refusal.code === ErrorCodes.Forbidden ? AUDIT_EVENT_TYPES.securityAlert : record.event.type,
    description: `${title}: ${reason?.why ?? inferredWhy(type, refusal, stored)}.`,
  };
  if (reason?.patients.length) {
    return reason.patients.map((id) => ({ practiceId: record.practiceId, event: { ...event, patient: { resourceType: 'Patient', id } } }));
  }
  const patient = stored?.exists
    ? patientOf(type, { id: target.id, partition: stored.partition })
    : patientOf(type, { partition: target.partition });
  return [{ practiceId: record.practiceId, event: { ...event, patient } }];
}

/** Why a refusal without a stated reason happened, from what the server knows of its target. */
function inferredWhy(type: ResourceTypeDefinition, refusal: AppError, stored: RefusedTarget | undefined): string {
  if (refusal.code === ErrorCodes.Forbidden) return 'not permitted';
  if (refusal.code === ErrorCodes.Gone) return `the ${type.name} was deleted or is no longer accessible`;
  if (!stored) return `no ${type.name} matched`;
  if (!stored.exists) return `no ${type.name} has this id`;
  if (!stored.reachable) return `the ${type.name === 'Patient' || type.partitioned ? 'patient' : type.name} is outside the caller's reach`;
  if (stored.expired) return `the ${type.name} has expired`;
  return 'not in the partition or version asked for';
}

/**
 * An Export event (DICOM 110106): data leaving the system as a file (a printout, a CSV), named by
 * `entity`, with what and how in `description`; `patientId` files it under that patient's log.
 */
export function exportAudit(
  ctx: RepositoryContext,
  what: { description: string; entity: NonNullable<AuditEventBody['entity']>; patientId?: string },
): AuditRecord {
  return {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.export,
      action: 'E',
      outcome: 'Success',
      description: what.description,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: what.entity,
      patient: what.patientId ? { resourceType: 'Patient', id: what.patientId } : undefined,
      requestId: ctx.requestId,
    },
  };
}
