import type { Action, AppError, AuditAction, ResourceTypeDefinition } from '@caseload/core';
import { RecordedRefusal } from '../audit/refusal.ts';
import { refusalAudits, type AuditTarget } from '../audit/resource-audit.ts';
import { prepared, type Queryable } from '../db/database.ts';
import type { RepositoryContext } from './repository-context.ts';
import type { RowCondition } from './resource-rows.ts';
import { currentTable } from './table-names.ts';

/** The access whose reach a refused action was checked against. */
const ACCESS_OF: Record<AuditAction, Action> = { C: 'Create', R: 'Read', U: 'Update', D: 'Delete', E: 'Read' };

/**
 * Records a refusal (ResourceRepository.attempt) as failed attempts, naming the resource and the
 * patient the server knows it belongs to, and answers the error to throw in its place. The lookup
 * goes through `db`; the events through the audit writer's own connection, so they outlive the
 * transaction the refusal rolls back.
 */
export async function recordRefusal(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  action: AuditAction,
  target: AuditTarget,
  refusal: AppError,
): Promise<RecordedRefusal> {
  let stored: RefusedTarget | undefined;
  if (target.id !== undefined) {
    const reach: RowCondition = (params) => ctx.access.rowCondition(type, params, '', ACCESS_OF[action]);
    stored = (await lookUpRefusedTargets(db, type, ctx.practiceId, [target.id], reach, ctx.clock())).get(target.id);
  }
  await ctx.audit.recordAll(refusalAudits(ctx, type, action, target, refusal, stored));
  return new RecordedRefusal(refusal);
}

/** What the server knows of a resource a caller was refused, for the audit trail only. */
export interface RefusedTarget {
  /** A current row with this id exists in the practice. */
  exists: boolean;
  /** Its patient partition (null for unpartitioned types). */
  partition: string | null;
  /** Inside the caller's reach for the action refused. */
  reachable: boolean;
  /** Past its time to live. */
  expired: boolean;
}

const NONE: RefusedTarget = { exists: false, partition: null, reachable: false, expired: false };

/**
 * Looks up resources a caller was refused, bypassing the caller's reach (which it reports instead),
 * so a refused attempt can be filed under the patient the caller is not told of. One statement
 * answering exactly one row per id asked, whether it exists or not: the database work the caller
 * sees in Server-Timing is the same for an out-of-reach id as for a missing one.
 */
export async function lookUpRefusedTargets(
  db: Queryable,
  type: ResourceTypeDefinition,
  practiceId: string,
  ids: readonly string[],
  reach: RowCondition,
  now: Date,
): Promise<Map<string, RefusedTarget>> {
  const params: unknown[] = [practiceId, ids, now];
  const condition = reach(params);
  // Inside the LATERAL subquery bare column names are the resource table's, as `reach` expects.
  const result = await db.query<{
    id: string;
    found: boolean;
    partition: string | null;
    reachable: boolean | null;
    expired: boolean | null;
  }>(
    prepared(`SELECT u.id, r.found IS NOT NULL AS found, r.partition, r.reachable, r.expired
       FROM unnest($2::text[]) AS u(id)
       LEFT JOIN LATERAL (
         SELECT TRUE AS found, partition, (${condition}) AS reachable, (expires_at IS NOT NULL AND expires_at <= $3) AS expired
         FROM ${currentTable(type)} WHERE practice_id = $1 AND id = u.id
       ) r ON TRUE`),
    params,
  );
  const targets = new Map<string, RefusedTarget>();
  for (const row of result.rows) {
    targets.set(
      row.id,
      row.found ? { exists: true, partition: row.partition, reachable: row.reachable === true, expired: row.expired === true } : NONE,
    );
  }
  return targets;
}
