import { badRequest, canonicalJson, gone } from '@caseload/core';
import { chartPatientGuard } from '../storage/chart-patient-guard.ts';
import type { BeforeWrite, WriteGuard } from '../storage/resource-hooks.ts';

/**
 * No record may be written into a merged patient's partition: it would be stranded behind a
 * tombstone nobody opens. The check is part of the write statement (a guard CTE, so it costs no
 * round trip of its own) and takes a KEY SHARE lock on the patient row (storage/chart-patient-guard.ts).
 * That lock waits while a merge holds the patient (FOR UPDATE) and then reads the row as the merge
 * committed it, with its tombstone, so a record cannot slip into the duplicate's partition between
 * the merge's move and its commit; and a merge that starts after waits for the write, then moves
 * its record. An update locks its record before the patient (the gate), the order the merge locks
 * them in. KEY SHARE does not wait for ordinary patient edits, so charts stay writable while a
 * patient's details change.
 */
export const refuseMergedPartition: WriteGuard = chartPatientGuard([{ field: 'mergedInto', op: 'exists', value: true }], () => gone());

const MERGED_INTO = 'mergedInto is set by merging patients and cannot be written directly.';

/**
 * `mergedInto` closes a partition (the guard above) and a patient to merges, so only the merge
 * writes it, on the tombstone it stores without hooks: a client's write keeps the stored value
 * (none on a live patient) or is refused.
 */
export const mergedIntoKept: BeforeWrite = async (_tx, _ctx, resource, previous) => {
  if (canonicalJson(previous?.mergedInto ?? null) === canonicalJson(resource.mergedInto ?? null)) return;
  throw badRequest(MERGED_INTO, [{ path: 'mergedInto', message: MERGED_INTO }]);
};
