import {
  AppError,
  ErrorCodes,
  conflict,
  gone,
  notFound,
  type Content,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { resourceAudit } from '../audit/resource-audit.ts';
import type { Queryable } from '../db/database.ts';
import { beforeWrite } from '../storage/resource-hooks.ts';
import { isExpired, selectCurrent, updateResource } from '../storage/resource-rows.ts';
import { buildVersion } from '../storage/resource-version.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { contentUrl } from './content-keys.ts';

/**
 * The writes of the content calls, on the same tables and with the same rules as
 * ResourceRepository's updates: the caller's permission and patient reach are checked, the current
 * row is locked, the expected version is checked against it, the type's hooks run, and the next
 * version, its history row and its audit event commit together.
 *
 * This mirrors ResourceRepository's private `store` wrapper because a content version needs its
 * own versionId in `content.url`, which ResourceRepository.update cannot set; it belongs in the
 * repository as a method (see the report of the content work).
 */

export interface LockOptions {
  /** The `?versionId=` the client last saw; a different current version is a 409. */
  expectedVersionId?: string;
  /** A purge may still remove the bytes of a resource that has since been deleted. */
  allowDeleted?: boolean;
}

/** Content calls change a resource: the caller needs Update on its type (403), as for a PUT. */
function assertCanWriteContent(ctx: RepositoryContext, type: ResourceTypeDefinition): void {
  if (!type.apiWritable) throw new AppError(ErrorCodes.MethodNotAllowed, `${type.name} records are written by the server only.`);
  ctx.access.assertCan('Update', type);
}

/**
 * Throws unless the caller may write content to this resource now (403, 404, 410), without
 * locking or auditing it: staging chunks changes no record; the commit is checked and audited.
 */
export async function assertContentWritable(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  id: string,
): Promise<void> {
  await findCurrent(db, ctx, type, id, false);
}

/**
 * The current row, locked until the transaction ends so two writers cannot both pass the version
 * check. 404 when missing, expired or outside the caller's patients; 410 deleted; 409 stale.
 */
export async function lockCurrent(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  id: string,
  options: LockOptions = {},
): Promise<ResourceRow> {
  const row = await findCurrent(tx, ctx, type, id, true, options.allowDeleted);
  if (options.expectedVersionId !== undefined && row.version_id !== options.expectedVersionId) throw conflict();
  return row;
}

async function findCurrent(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  id: string,
  forUpdate: boolean,
  allowDeleted = false,
): Promise<ResourceRow> {
  assertCanWriteContent(ctx, type);
  // The reach condition is part of the query: a row outside the caller's patients is never read.
  const reach = (params: unknown[]) => ctx.access.rowCondition(type, params);
  const row = await selectCurrent(db, type, ctx.practiceId, id, forUpdate, reach);
  if (!row || isExpired(row, ctx.clock())) throw notFound();
  if (row.is_deleted && !allowDeleted) throw gone();
  return row;
}

/**
 * Writes the next version of the locked resource with `content` set (its `url` pointing at the
 * new version's download) or, when `content` is undefined, removed.
 */
export async function writeContentVersion(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  row: ResourceRow,
  content: Omit<Content, 'url'> | undefined,
): Promise<Resource> {
  const previous = row.body as Resource;
  const { content: _previous, ...fields } = previous;
  const next = buildVersion(ctx, type, fields, { id: row.id, created: previous.created });
  if (content) {
    next.content = { ...content, url: contentUrl(ctx.practiceId, type, row.id, next.meta.versionId) };
  }
  await beforeWrite(tx, ctx, type, next, previous);
  const expires = next.meta.expires;
  await updateResource(tx, type, ctx.practiceId, {
    resource: next,
    isDeleted: false,
    expiresAt: expires ? new Date(expires) : null,
    keepHistory: !ctx.writeOptions.noHistory,
  });
  await recordAuditIn(tx, resourceAudit(ctx, type, 'U', { ...next, versionId: next.meta.versionId }), ctx.clock());
  return next;
}

/** A purge deletes PHI outside any version: audited as a delete of the resource's content. */
export async function auditPurge(tx: Queryable, ctx: RepositoryContext, type: ResourceTypeDefinition, row: ResourceRow): Promise<void> {
  await recordAuditIn(tx, resourceAudit(ctx, type, 'D', { id: row.id, versionId: row.version_id, partition: row.partition }), ctx.clock());
}
