import {
  AUDIT_EVENT_TYPES,
  AppError,
  ErrorCodes,
  MESSAGES,
  getResourceType,
  holdsGrantSet,
  type Patient,
} from '@caseload/core';
import { recordAuditIn } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { lockDuplicateRecords, moveRecords } from './merge-move-records.ts';
import type { MergeCounts } from './merge-writes.ts';
import { assertMergeable, loadPatients, type MergeRequest } from './merge-patients-lock.ts';
import { lockNamingRecords, repointRecords } from './merge-repoint-references.ts';
import { mergeDemographics } from './merge-demographics.ts';
import { writeMergedVersion } from './merge-writes.ts';
import type { MergePair } from './patient-references.ts';

const PATIENT = getResourceType('Patient')!;

export type { MergeRequest };

/** What the merge call answers. */
export interface MergeResult {
  survivor: Patient;
  /** The duplicate's tombstone: inactive, deleted, `mergedInto` the survivor. */
  duplicate: Patient;
  /** Records moved into the survivor's partition, by type. */
  moved: MergeCounts;
  /** Other records (unpartitioned, or other patients') whose references were re-pointed, by type. */
  repointed: MergeCounts;
}

/** 403 unless the caller holds the whole Merge patients grant set. */
export function assertMayMerge(ctx: RepositoryContext): void {
  if (!holdsGrantSet(ctx.access.principal.permissions, 'Merge patients')) {
    throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: 'the Merge patients grant set is required' });
  }
}

/**
 * Merges the duplicate patient into the survivor in the caller's transaction `tx`: all of it
 * commits or none of it does. The steps, in lock order: the duplicate's records, then both
 * patients (re-checked under the lock), then the records are moved, references elsewhere
 * re-pointed, the survivor gains the duplicate's care team, identifiers and contacts, and the
 * duplicate becomes a deleted tombstone pointing at the survivor. Each write is a new version,
 * audited; one more audit event records the merge itself, naming both patients.
 */
export async function mergePatients(tx: Queryable, ctx: RepositoryContext, request: MergeRequest): Promise<MergeResult> {
  assertMayMerge(ctx);
  assertMergeable(request);
  // Refuse early, without locking a whole chart, what the locked re-check would refuse anyway.
  const early = await loadPatients(tx, ctx, request, false);
  const pair: MergePair = {
    duplicateId: request.duplicateId,
    survivorId: request.survivorId,
    survivorDisplay: (early.survivor.body as Patient).display,
  };
  // Records before patients: the order every writer of a record takes them in (the hook).
  await lockDuplicateRecords(tx, ctx.practiceId, pair.duplicateId);
  await lockNamingRecords(tx, ctx.practiceId, pair);
  const { survivor, duplicate } = await loadPatients(tx, ctx, request, true);
  pair.survivorDisplay = (survivor.body as Patient).display;
  // Read again under the patients' locks: a record written before we held them is included, and
  // none can be added into the duplicate's partition from here on (the hook waits for our lock).
  const records = await lockDuplicateRecords(tx, ctx.practiceId, pair.duplicateId);
  const naming = await lockNamingRecords(tx, ctx.practiceId, pair);

  const survivorBody = survivor.body as Patient;
  const moved = await moveRecords(tx, ctx, pair, records);
  const repointed = await repointRecords(tx, ctx, pair, naming);
  // The tombstone first, so that when the survivor's new version is checked like any patient
  // edit (schema, display, MRN rules) the duplicate is no longer a live patient beside it.
  const tombstone = await writeMergedVersion(
    tx, ctx, PATIENT, duplicate,
    { ...duplicate.body, active: false, mergedInto: { resourceType: 'Patient', id: survivor.id, display: survivorBody.display } },
    { deleted: true },
  );
  const merged = await writeMergedVersion(tx, ctx, PATIENT, survivor, mergeDemographics(survivorBody, duplicate.body as Patient), { hooks: true });
  const total = Object.values(moved).reduce((a, b) => a + b, 0);
  await recordAuditIn(tx, {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.patientRecord,
      action: 'U',
      outcome: 'Success',
      description: `Patient merge: Patient/${duplicate.id} merged into Patient/${survivor.id}; ${total} records moved.`,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'Patient', id: duplicate.id, versionId: tombstone.meta.versionId },
      patient: { resourceType: 'Patient', id: survivor.id },
      requestId: ctx.requestId,
    },
  }, ctx.clock());
  return { survivor: merged as Patient, duplicate: tombstone as Patient, moved, repointed };
}
