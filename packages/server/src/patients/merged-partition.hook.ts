import { RESOURCE_TYPES, gone } from '@caseload/core';
import { registerWriteGuard, type WriteGuard } from '../storage/resource-hooks.ts';
import { currentTable } from '../storage/table-names.ts';

/**
 * No record may be written into a merged patient's partition: it would be stranded behind a
 * tombstone nobody opens. The check is part of the write statement (a guard CTE, so it costs no
 * round trip of its own) and takes a KEY SHARE lock on the patient row. That lock waits while a
 * merge holds the patient (FOR UPDATE) and then reads the row as the merge committed it, with its
 * tombstone, so a record cannot slip into the duplicate's partition between the merge's move and
 * its commit; and a merge that starts after waits for the write, then moves its record. An update
 * locks its record before the patient (the gate), the order the merge locks them in. KEY SHARE
 * does not wait for ordinary patient edits, so charts stay writable while a patient's details
 * change.
 */
const refuseMergedPartition: WriteGuard = {
  sql(ctx, resource, params, gate) {
    if (typeof resource.partition !== 'string') return undefined;
    const practice = `$${params.push(ctx.practiceId)}`;
    const partition = `$${params.push(resource.partition)}`;
    return `SELECT body ? 'mergedInto' AS refused FROM ${currentTable('Patient')}
      WHERE practice_id = ${practice}::text AND id = ${partition}::text AND ${gate} FOR KEY SHARE`;
  },
  refusal: () => gone(),
};

for (const type of RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.partitioned)) {
  registerWriteGuard(type.name, refuseMergedPartition);
}
