import type { ResourceTypeDefinition } from '@caseload/core';
import type { ResourceRow } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';

/** Resources moved or re-pointed, by type name. */
export type MergeCounts = Record<string, number>;

/**
 * Writes one merged version of every locked row, its body as `transform` makes it from the row,
 * and counts them per type: the loop the move and the re-pointing steps share. Each is the
 * repository's `rewrite` (audited, with history, keeping deletion and expiry), without the types'
 * write rules: the merge changes only references and partitions, which they do not govern, and it
 * acts for the Merge patients grant set, not for each type.
 */
export async function writeEachMerged(
  repo: ResourceRepository,
  locked: Map<ResourceTypeDefinition, ResourceRow[]>,
  transform: (row: ResourceRow) => Record<string, unknown>,
): Promise<MergeCounts> {
  const counts: MergeCounts = {};
  for (const [type, rows] of locked) {
    for (const row of rows) await repo.rewrite(type, row, transform(row));
    counts[type.name] = rows.length;
  }
  return counts;
}
