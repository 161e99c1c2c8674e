import type { Resource, ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from './repository-context.ts';

/**
 * Type-specific rules run inside the write transaction just before a version is stored; they may
 * adjust the version or throw an AppError to refuse it.
 */
export type BeforeWrite = (
  tx: Queryable,
  ctx: RepositoryContext,
  resource: Resource,
  previous: Resource | undefined,
) => Promise<void>;

const hooks = new Map<string, BeforeWrite[]>();

export function registerBeforeWrite(typeName: string, hook: BeforeWrite): void {
  hooks.set(typeName, [...(hooks.get(typeName) ?? []), hook]);
}

export async function beforeWrite(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  resource: Resource,
  previous: Resource | undefined,
): Promise<void> {
  for (const hook of hooks.get(type.name) ?? []) await hook(tx, ctx, resource, previous);
}

/**
 * A rule checked by the write statement itself rather than by a statement of its own: its SQL is
 * a CTE answering at most one row with a boolean `refused`, and the write only happens when no
 * guard refuses. Checking inside the statement costs no round trip, and sees what the statement
 * sees: a row lock the CTE takes (FOR KEY SHARE) waits for a concurrent writer and then reads
 * the row as it committed.
 */
export interface WriteGuard {
  /**
   * The CTE's SQL, or undefined when the rule does not apply to this version; appends its
   * parameters. `gate` is a condition its WHERE must include: it holds the guard back until the
   * statement has locked the row it updates, so locks are taken in the order every writer takes
   * them (the record, then its patient; see patients/merge-patients.service.ts).
   */
  sql(ctx: RepositoryContext, resource: Resource, params: unknown[], gate: string): string | undefined;
  /** The error of a refused write. */
  refusal(resource: Resource): Error;
}

const guards = new Map<string, WriteGuard[]>();

export function registerWriteGuard(typeName: string, guard: WriteGuard): void {
  guards.set(typeName, [...(guards.get(typeName) ?? []), guard]);
}

export function writeGuards(type: ResourceTypeDefinition): readonly WriteGuard[] {
  return guards.get(type.name) ?? [];
}

/**
 * The error a unique index of a type's table stands for (the MRN index of Patient), so a write
 * that breaks it is answered as the rule it enforces, not as a database error.
 */
export type UniqueViolation = (resource: Resource) => Error;

const uniqueViolations = new Map<string, UniqueViolation>();

export function registerUniqueViolation(constraint: string, toError: UniqueViolation): void {
  uniqueViolations.set(constraint, toError);
}

/** The error for a database error of writing `resource`: a registered unique violation's, or the error itself. */
export function writeError(error: unknown, resource: Resource): unknown {
  const e = error as { code?: string; constraint?: string };
  const toError = e.code === '23505' && e.constraint ? uniqueViolations.get(e.constraint) : undefined;
  return toError ? toError(resource) : error;
}
