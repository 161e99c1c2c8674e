import { RESOURCE_TYPES, type ResourceTypeDefinition } from '@caseload/core';
import type { ResourceRow } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { writeEachMerged, type MergeCounts } from './merge-writes.ts';
import { repointReferences, type MergePair } from './patient-references.ts';

/** Every patient-partitioned type of the practice: what a patient's chart is made of. */
const PARTITIONED = RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.partitioned);

/**
 * Locks every row of the duplicate's partition, of every partitioned type, deleted ones too
 * (their history belongs to the survivor's chart now). Locked before the patients themselves:
 * a writer of one of these rows holds it and then asks for its patient (the merged-partition
 * guard), so taking them in that same order keeps the two from deadlocking.
 */
export async function lockDuplicateRecords(
  repo: ResourceRepository,
  duplicateId: string,
): Promise<Map<ResourceTypeDefinition, ResourceRow[]>> {
  const rows = new Map<ResourceTypeDefinition, ResourceRow[]>();
  for (const type of PARTITIONED) {
    const found = await repo.system.rows(type, { partition: duplicateId, includeDeleted: true, lock: true });
    if (found.length > 0) rows.set(type, found);
  }
  return rows;
}

/**
 * Moves the duplicate's records into the survivor's partition: each gets one new version whose
 * partition, patient and subject references, and references to its fellow moved records name
 * the survivor.
 */
export function moveRecords(
  repo: ResourceRepository,
  pair: MergePair,
  locked: Map<ResourceTypeDefinition, ResourceRow[]>,
): Promise<MergeCounts> {
  return writeEachMerged(repo, locked, (row) => repointReferences({ ...row.body, partition: pair.survivorId }, pair));
}
