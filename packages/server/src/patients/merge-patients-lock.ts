import { badRequest, conflict, getResourceType, gone, notFound, type Patient } from '@caseload/core';
import { RefusalReason } from '../audit/refusal.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { isExpired } from '../storage/resource-rows.ts';

const PATIENT = getResourceType('Patient')!;

/** What the caller asked to merge, with the versions it last saw (optional). */
export interface MergeRequest {
  survivorId: string;
  duplicateId: string;
  survivorVersionId?: string;
  duplicateVersionId?: string;
}

export interface LockedPair {
  survivor: ResourceRow;
  duplicate: ResourceRow;
}

/** 400 for a merge that can never succeed, before anything is read. */
export function assertMergeable(request: MergeRequest): void {
  if (request.survivorId === request.duplicateId) throw badRequest('A patient cannot be merged into itself.');
}

/**
 * Reads (and with `lock`, locks until the transaction ends) both patients within the caller's
 * reach, and refuses what cannot be merged: 404 when either is unknown or out of reach (ids
 * cannot be probed), 400 when either is already a merged tombstone (merging into one would hide
 * records behind a record nobody opens), 410 when either is otherwise deleted, 409 when a given
 * versionId is not the current one. Locked in id order, so two merges of the same pair wait for
 * each other instead of deadlocking.
 */
export async function loadPatients(
  repo: ResourceRepository,
  ctx: RepositoryContext,
  request: MergeRequest,
  lock: boolean,
): Promise<LockedPair> {
  const rows = await repo.system.rows(PATIENT, {
    ids: [request.survivorId, request.duplicateId],
    reachableBy: { access: ctx.access, action: 'Update' },
    includeDeleted: true,
    lock,
  });
  const now = ctx.clock();
  const find = (id: string) => rows.find((row) => row.id === id && !isExpired(row, now));
  const survivor = find(request.survivorId);
  const duplicate = find(request.duplicateId);
  if (!survivor || !duplicate) {
    const unreached = [request.survivorId, request.duplicateId].filter((id) => id !== survivor?.id && id !== duplicate?.id);
    throw notFound(new RefusalReason(`Patient/${unreached.join(' and Patient/')} of the merge missing or outside the caller's reach`));
  }
  for (const row of [survivor, duplicate]) {
    if ((row.body as Patient).mergedInto)
      throw badRequest(`Patient ${row.id} was merged into another patient; it cannot take part in a merge.`);
    if (row.is_deleted) throw gone();
  }
  if (request.survivorVersionId !== undefined && request.survivorVersionId !== survivor.version_id) throw conflict();
  if (request.duplicateVersionId !== undefined && request.duplicateVersionId !== duplicate.version_id) throw conflict();
  return { survivor, duplicate };
}
