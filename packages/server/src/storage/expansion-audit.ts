import { notFound, type ResourceTypeDefinition, storedPracticeOf } from '@caseload/core';
import type { AuditRecord } from '../audit/audit-writer.ts';
import { RefusalReason } from '../audit/refusal.ts';
import { refusalAudits, resourceAudit } from '../audit/resource-audit.ts';
import { unlockedReader, type Queryable } from '../db/database.ts';
import type { Expansion, UnexpandedReference } from './expansion.ts';
import { lookUpRefusedTargets } from './refused-attempts.ts';
import type { RepositoryContext } from './repository-context.ts';

/**
 * The audit events of what an expansion did: a read of every resource it returned, each under its
 * own patient and once per answer, and a failed read of every reference it was refused although
 * the resource exists (out of reach, or of a type the caller may not read), naming that patient.
 * A reference to nothing is not an attempt on anyone's data and leaves no event. The lookup of the
 * refused ones is one statement per type, answering a row per reference whatever exists, so the
 * answer's database work says nothing about what the caller was refused.
 */
export async function expansionAudits(
  db: Queryable,
  ctx: RepositoryContext,
  fromType: ResourceTypeDefinition,
  expansion: Expansion,
): Promise<AuditRecord[]> {
  const records = expansion.returned.map(({ type, resource, path, from }) => {
    const record = resourceAudit(ctx, type, 'R', { id: resource.id, versionId: resource.meta.versionId, partition: resource.partition });
    record.event.description = `Returned through expand ${path} of ${fromType.name}/${from.id}.`;
    return record;
  });
  const unexpandedByType = new Map<ResourceTypeDefinition, UnexpandedReference[]>();
  for (const item of expansion.unexpanded) {
    const list = unexpandedByType.get(item.type) ?? [];
    list.push(item);
    unexpandedByType.set(item.type, list);
  }
  for (const [type, items] of unexpandedByType) {
    const reach = (params: unknown[]) => ctx.access.rowCondition(type, params);
    const practiceId = storedPracticeOf(type, ctx.practiceId);
    const ids = items.map((item) => item.reference.id);
    const stored = await lookUpRefusedTargets(unlockedReader(db), type, practiceId, ids, reach, ctx.clock());
    for (const { reference, path, from, readable } of items) {
      const target = stored.get(reference.id);
      if (!target?.exists) continue;
      const refusal = notFound(readable ? undefined : new RefusalReason(`no Read permission on ${type.name}`));
      const context = `expand ${path} of ${fromType.name}/${from.id}`;
      records.push(...refusalAudits(ctx, type, 'R', { id: reference.id, versionId: reference.versionId }, refusal, target, context));
    }
  }
  return records;
}
