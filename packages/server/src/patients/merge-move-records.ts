import { RESOURCE_TYPES, type ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { currentTable } from '../storage/table-names.ts';
import { ROW_COLUMNS } from '../storage/resource-rows.ts';
import { writeEachMerged, type MergeCounts } from './merge-writes.ts';
import { repointReferences, type MergePair } from './patient-references.ts';

/** Every patient-partitioned type of the practice: what a patient's chart is made of. */
const PARTITIONED = RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.partitioned);

/**
 * Locks every row of the duplicate's partition, of every partitioned type, deleted ones too
 * (their history belongs to the survivor's chart now). Locked before the patients themselves:
 * a writer of one of these rows holds it and then asks for its patient (the merged-partition
 * hook), so taking them in that same order keeps the two from deadlocking.
 */
export async function lockDuplicateRecords(
  tx: Queryable,
  practiceId: string,
  duplicateId: string,
): Promise<Map<ResourceTypeDefinition, ResourceRow[]>> {
  const rows = new Map<ResourceTypeDefinition, ResourceRow[]>();
  for (const type of PARTITIONED) {
    const r = await tx.query<ResourceRow>(
      `SELECT ${ROW_COLUMNS} FROM ${currentTable(type)} WHERE practice_id = $1 AND partition = $2 ORDER BY id FOR UPDATE`,
      [practiceId, duplicateId],
    );
    if (r.rows.length > 0) rows.set(type, r.rows);
  }
  return rows;
}

/**
 * Moves the duplicate's records into the survivor's partition: each gets one new version whose
 * partition, patient and subject references, and references to its fellow moved records name
 * the survivor.
 */
export function moveRecords(
  tx: Queryable,
  ctx: RepositoryContext,
  pair: MergePair,
  locked: Map<ResourceTypeDefinition, ResourceRow[]>,
): Promise<MergeCounts> {
  return writeEachMerged(tx, ctx, locked, (row) => repointReferences({ ...row.body, partition: pair.survivorId }, pair));
}
