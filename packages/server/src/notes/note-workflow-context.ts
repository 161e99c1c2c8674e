import { getResourceType, type Resource } from '@caseload/core';
import { transactionAudit } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';

export const NOTE = getResourceType('Note')!;
export const ENCOUNTER = getResourceType('Encounter')!;

/**
 * Contexts of the note calls (sign, co-sign, amend, entered in error, group sessions). The Note
 * hook lets these write server-owned fields and frozen notes, and refuses every other writer:
 * a context object cannot be forged from a request body, so no client write can pass as one.
 */
const workflowContexts = new WeakSet<RepositoryContext>();

export function isNoteWorkflow(ctx: RepositoryContext): boolean {
  return workflowContexts.has(ctx);
}

/**
 * A repository inside the call's transaction, acting as the caller (permissions, reach and
 * audit as usual) but recognised by the Note hook as the note workflow. Its read audits go into
 * the same transaction, so a refused call leaves no half-done trail.
 */
export function workflowRepository(tx: Queryable, ctx: RepositoryContext): ResourceRepository {
  const workflow: RepositoryContext = { ...ctx, audit: transactionAudit(tx, ctx.audit, ctx.clock) };
  workflowContexts.add(workflow);
  return new ResourceRepository(workflow, tx);
}

/** The next version of a note: `change` gives its fields; `drop` lists fields the version no longer has. */
export async function writeNote(
  repo: ResourceRepository,
  row: ResourceRow,
  change: (fields: Record<string, unknown>) => Record<string, unknown>,
  drop: readonly string[] = [],
): Promise<Resource> {
  return repo.writeNextVersion(NOTE, row, (fields) => {
    const next = change(fields);
    for (const field of drop) delete next[field];
    return next;
  });
}
