import { AppError, ErrorCodes, MESSAGES, getResourceType, holdsGrantSet, type MergeAnswer, type Patient } from '@caseload/core';
import { patientMergeAudit } from '../audit/resource-audit.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { lockDuplicateRecords, moveRecords } from './merge-move-records.ts';
import { assertMergeable, loadPatients, type MergeRequest } from './merge-patients-lock.ts';
import { lockNamingRecords, repointRecords } from './merge-repoint-references.ts';
import { mergeDemographics } from './merge-demographics.ts';
import type { MergePair } from './patient-references.ts';

const PATIENT = getResourceType('Patient')!;

export type { MergeRequest };

/** 403 unless the caller holds the whole Merge patients grant set. */
export function assertMayMerge(ctx: RepositoryContext): void {
  if (!holdsGrantSet(ctx.access.principal.permissions, 'Merge patients')) {
    throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: 'the Merge patients grant set is required' });
  }
}

/**
 * Merges the duplicate patient into the survivor through `repo`, the caller's repository inside
 * one transaction: all of it commits or none of it does. The steps, in lock order: the duplicate's records, then both
 * patients (re-checked under the lock), then the records are moved, references elsewhere
 * re-pointed, the survivor gains the duplicate's care team, identifiers and contacts, and the
 * duplicate becomes a deleted tombstone pointing at the survivor. Each write is a new version,
 * audited; one more audit event records the merge itself, naming both patients.
 */
export async function mergePatients(repo: ResourceRepository, ctx: RepositoryContext, request: MergeRequest): Promise<MergeAnswer> {
  assertMayMerge(ctx);
  assertMergeable(request);
  // Refuse early, without locking a whole chart, what the locked re-check would refuse anyway.
  const early = await loadPatients(repo, ctx, request, false);
  const pair: MergePair = {
    duplicateId: request.duplicateId,
    survivorId: request.survivorId,
    survivorDisplay: (early.survivor.body as Patient).display,
  };
  // Records before patients: the order every writer of a record takes them in (the hook).
  await lockDuplicateRecords(repo, pair.duplicateId);
  await lockNamingRecords(repo, pair);
  const { survivor, duplicate } = await loadPatients(repo, ctx, request, true);
  pair.survivorDisplay = (survivor.body as Patient).display;
  // Read again under the patients' locks: a record written before we held them is included, and
  // none can be added into the duplicate's partition from here on (the hook waits for our lock).
  const records = await lockDuplicateRecords(repo, pair.duplicateId);
  const naming = await lockNamingRecords(repo, pair);

  const survivorBody = survivor.body as Patient;
  const moved = await moveRecords(repo, pair, records);
  const repointed = await repointRecords(repo, pair, naming);
  // The tombstone first, so that when the survivor's new version is checked like any patient
  // edit (schema, display, MRN rules) the duplicate is no longer a live patient beside it.
  const tombstone = await repo.rewrite(
    PATIENT,
    duplicate,
    { ...duplicate.body, active: false, mergedInto: { resourceType: 'Patient', id: survivor.id, display: survivorBody.display } },
    { deleted: true },
  );
  const merged = await repo.rewrite(PATIENT, survivor, mergeDemographics(survivorBody, duplicate.body as Patient), { rules: true });
  const total = Object.values(moved).reduce((a, b) => a + b, 0);
  await repo.recordAudit(
    patientMergeAudit(ctx, {
      duplicateId: duplicate.id,
      survivorId: survivor.id,
      tombstoneVersionId: tombstone.meta.versionId,
      moved: total,
    }),
  );
  return { survivor: merged as Patient, duplicate: tombstone as Patient, moved, repointed };
}
