import type { AuditAction, Resource, ResourceTypeDefinition } from '@caseload/core';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { resourceAudit } from '../audit/resource-audit.ts';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { beforeWrite } from '../storage/resource-hooks.ts';
import { updateResource } from '../storage/resource-rows.ts';
import { buildVersion } from '../storage/resource-version.ts';

/**
 * Stores the next version of a row the merge has locked, with `fields` as its body, and audits
 * it in the same transaction. Every merge write keeps history (a merge must be traceable, the
 * no-history header does not apply to it) and keeps the row's deletion and expiry as they were,
 * unless `deleted` says otherwise. Type hooks run only when `hooks` asks (the survivor, whose
 * fields change like any patient edit's): elsewhere the merge changes only references and
 * partitions, which they do not govern, and it acts for the grant set, not for each type.
 */
export async function writeMergedVersion(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  row: ResourceRow,
  fields: Record<string, unknown>,
  options: { deleted?: boolean; hooks?: boolean } = {},
): Promise<Resource> {
  const deleted = options.deleted ?? row.is_deleted;
  const previous = row.body as Resource;
  const next = buildVersion({ ...ctx, writeOptions: {} }, type, fields, {
    id: row.id,
    created: previous.created,
    isDeleted: deleted,
  });
  if (previous.meta?.expires) next.meta.expires = previous.meta.expires;
  if (options.hooks) await beforeWrite(tx, ctx, type, next, previous);
  await updateResource(tx, type, ctx.practiceId, { resource: next, isDeleted: deleted, expiresAt: row.expires_at, keepHistory: true });
  const action: AuditAction = deleted && !row.is_deleted ? 'D' : 'U';
  await recordAuditIn(tx, resourceAudit(ctx, type, action, { ...next, versionId: next.meta.versionId }), ctx.clock());
  return next;
}

/** Resources moved or re-pointed, by type name. */
export type MergeCounts = Record<string, number>;

/**
 * Writes one merged version of every locked row, its body as `transform` makes it from the row,
 * and counts them per type: the loop the move and the re-pointing steps share.
 */
export async function writeEachMerged(
  tx: Queryable,
  ctx: RepositoryContext,
  locked: Map<ResourceTypeDefinition, ResourceRow[]>,
  transform: (row: ResourceRow) => Record<string, unknown>,
): Promise<MergeCounts> {
  const counts: MergeCounts = {};
  for (const [type, rows] of locked) {
    for (const row of rows) await writeMergedVersion(tx, ctx, type, row, transform(row));
    counts[type.name] = rows.length;
  }
  return counts;
}
