import { AUDIT_EVENT_TYPES, type AuditAction } from '@caseload/core';
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
