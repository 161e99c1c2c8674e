import { RESOURCE_TYPES, gone } from '@caseload/core';
import { registerBeforeWrite, type BeforeWrite } from '../storage/resource-hooks.ts';
import { currentTable } from '../storage/table-names.ts';

/**
 * No record may be written into a merged patient's partition: it would be stranded behind a
 * tombstone nobody opens. The check takes a KEY SHARE lock on the patient row, which waits while
 * a merge holds that patient (FOR UPDATE) and then sees the tombstone, so a record cannot slip
 * into the duplicate's partition between the merge's move and its commit. KEY SHARE does not
 * wait for ordinary patient edits, so charts stay writable while a patient's details change.
 */
const refuseMergedPartition: BeforeWrite = async (tx, ctx, resource) => {
  if (typeof resource.partition !== 'string') return;
  const r = await tx.query<{ merged: boolean }>(
    `SELECT body ? 'mergedInto' AS merged FROM ${currentTable('Patient')} WHERE practice_id = $1 AND id = $2 FOR KEY SHARE`,
    [ctx.practiceId, resource.partition],
  );
  if (r.rows[0]?.merged) throw gone();
};

for (const type of RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.partitioned)) {
  registerBeforeWrite(type.name, refuseMergedPartition);
}
