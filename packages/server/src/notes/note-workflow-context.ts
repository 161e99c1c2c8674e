import { getResourceType, type Resource } from '@caseload/core';
import { recordAuditIn, type AuditWriter } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { currentTable } from '../storage/table-names.ts';

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
  const audit = { record: (record) => recordAuditIn(tx, record, ctx.clock()) } as Pick<AuditWriter, 'record'>;
  const workflow: RepositoryContext = { ...ctx, audit: audit as AuditWriter };
  workflowContexts.add(workflow);
  return new ResourceRepository(workflow, tx);
}

/**
 * Practice configuration read as the server, not the caller: the rules and signature
 * configurations a signature is checked against apply whatever the signer may read.
 */
export async function loadConfiguration<T extends Resource>(
  db: Queryable,
  practiceId: string,
  typeName: string,
  where = 'TRUE',
  params: unknown[] = [],
): Promise<T[]> {
  const r = await db.query<{ body: T }>(
    `SELECT body FROM ${currentTable(typeName)} WHERE practice_id = $1 AND NOT is_deleted AND (${where}) ORDER BY id`,
    [practiceId, ...params],
  );
  return r.rows.map((row) => row.body);
}

/** One resource by id as the server (an author's practitioner record, a patient's birth date). */
export async function loadById<T extends Resource>(db: Queryable, practiceId: string, typeName: string, id: string): Promise<T | undefined> {
  const [found] = await loadConfiguration<T>(db, practiceId, typeName, 'id = $2', [id]);
  return found;
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
