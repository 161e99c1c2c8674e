import { AUDIT_EVENT_TYPES, type AuditAction, type Resource } from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { AuditRecord } from './audit-writer.ts';

/**
 * An administrator reading, changing or trying a practice's scribe providers (docs/scribe.md,
 * "Per-practice providers"): filed as Application Activity on the practice's KeyVault entry, the
 * description saying what was done (never a key).
 */
export function scribeSettingsAudit(ctx: RepositoryContext, action: AuditAction, description: string): AuditRecord {
  return {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.applicationActivity,
      action,
      outcome: 'Success',
      description,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'KeyVault', query: 'scribe-providers' },
      requestId: ctx.requestId,
    },
  };
}

/**
 * A session's audio given its time-to-live when its generated note was signed (docs/scribe.md,
 * "Audio retention"): a Delete of the recording, dated now, saying when its bytes go.
 */
export function audioRetentionAudit(ctx: RepositoryContext, note: Resource, media: Resource, seconds: number): AuditRecord {
  return {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.patientRecord,
      action: 'D',
      outcome: 'Success',
      description:
        `Session audio scheduled for deletion on signing Note ${note.id}: Media ${media.id} and its content expire ` +
        `${media.meta.expires ?? 'now'} (${seconds === 0 ? 'deleted on signing' : `kept ${Math.round(seconds / 86400)} days`}).`,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'Media', id: media.id, versionId: media.meta.versionId },
      ...(media.partition && { patient: { resourceType: 'Patient', id: media.partition } }),
      requestId: ctx.requestId,
    },
  };
}

/**
 * A session's audio expired because no note of it was signed within the practice's
 * `unsignedDays` (docs/scribe.md, "Audio retention"): a Delete of the recording by the system.
 */
export function unsignedAudioAudit(ctx: RepositoryContext, session: Resource, media: Resource, days: number): AuditRecord {
  return {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.patientRecord,
      action: 'D',
      outcome: 'Success',
      description:
        `Session audio deleted unsigned: no note of ScribeSession Note ${session.id} was signed within ${days} days of its ` +
        `last recording; Media ${media.id} and its content expire ${media.meta.expires ?? 'now'}.`,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'Media', id: media.id, versionId: media.meta.versionId },
      ...(media.partition && { patient: { resourceType: 'Patient', id: media.partition } }),
      requestId: ctx.requestId,
    },
  };
}
