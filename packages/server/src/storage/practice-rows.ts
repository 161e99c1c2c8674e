import { RESOURCE_TYPES, type ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { currentTable, historyTable } from './table-names.ts';

/**
 * Deletes every resource and every version a practice holds, in the caller's transaction: what
 * removing a practice network does to storage (practices/practice-registry.ts). The audit trail
 * is kept: retention rules (HIPAA: six years) apply to the record of who saw what, even after the
 * records themselves are removed.
 */
export async function deletePracticeResources(tx: Queryable, practiceId: string): Promise<void> {
  for (const type of RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.name !== 'AuditEvent')) {
    await tx.query(`DELETE FROM ${currentTable(type)} WHERE practice_id = $1`, [practiceId]);
    await tx.query(`DELETE FROM ${historyTable(type)} WHERE practice_id = $1`, [practiceId]);
  }
}

/**
 * The provisioned practices lacking a row (deleted or not) of `type` for any of `ids`, in one
 * statement: usually none, so a start-up check costs one query however many practices there are.
 */
export async function practicesLacking(db: Queryable, type: ResourceTypeDefinition, ids: readonly string[]): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT p.id FROM practices p
      WHERE (SELECT count(*) FROM ${currentTable(type)} q WHERE q.practice_id = p.id AND q.id = ANY($1::text[])) < $2`,
    [ids, ids.length],
  );
  return r.rows.map((row) => row.id);
}
