import { conflict, gone, notFound, type Content, type Resource, type ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { isExpired, selectCurrent, updateResource } from '../storage/resource-rows.ts';
import { buildVersion } from '../storage/resource-version.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { contentUrl } from './content-keys.ts';

/**
 * The writes of the content calls, on the same tables and with the same rules as
 * ResourceRepository: the current row is locked, the expected version is checked against it, and
 * the next version replaces it and is appended to history in the same transaction.
 */

export interface LockOptions {
  /** The `?versionId=` the client last saw; a different current version is a 409. */
  expectedVersionId?: string;
  /** A purge may still remove the bytes of a resource that has since been deleted. */
  allowDeleted?: boolean;
}

/**
 * The current row, locked until the transaction ends so two writers cannot both pass the version
 * check. 404 when missing or expired, 410 when deleted, 409 when stale.
 */
export async function lockCurrent(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  id: string,
  options: LockOptions = {},
): Promise<ResourceRow> {
  const row = await selectCurrent(tx, type, ctx.practiceId, id, true);
  if (!row || isExpired(row, ctx.clock())) throw notFound();
  if (row.is_deleted && !options.allowDeleted) throw gone();
  if (options.expectedVersionId !== undefined && row.version_id !== options.expectedVersionId) throw conflict();
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
  const { content: _previous, ...fields } = row.body;
  const next = buildVersion(ctx, type, fields, { id: row.id, created: row.body.created as string | undefined });
  if (content) {
    next.content = { ...content, url: contentUrl(ctx.practiceId, type, row.id, next.meta.versionId) };
  }
  const expires = next.meta.expires;
  await updateResource(tx, type, ctx.practiceId, {
    resource: next,
    isDeleted: false,
    expiresAt: expires ? new Date(expires) : null,
    keepHistory: !ctx.writeOptions.noHistory,
  });
  return next;
}
