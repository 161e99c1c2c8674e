import { assertDateTimeFields, type Resource, type ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from './repository-context.ts';

/**
 * Type-specific rules run inside the write transaction just before a version is stored; they may
 * adjust the version or throw an AppError to refuse it.
 */
export type BeforeWrite = (tx: Queryable, ctx: RepositoryContext, resource: Resource, previous: Resource | undefined) => Promise<void>;

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

/**
 * The error a unique index of a type's table stands for (the MRN index of Patient), so a write
 * that breaks it is answered as the rule it enforces, not as a database error.
 */
export type UniqueViolation = (resource: Resource) => Error;

/**
 * Every type's write rules, as one value: declared in order in one table (src/write-rules.ts) and
 * handed to each repository in its context (`RepositoryContext.rules`), so what runs, and in which
 * order, is read in one place rather than assembled by whichever modules happen to be imported.
 */
export interface WriteRules {
  /** Per type name, the rules run before a version is stored, in the order they run. */
  beforeWrite: ReadonlyMap<string, readonly BeforeWrite[]>;
  /** Per type name, the guards its write statement checks. */
  guards: ReadonlyMap<string, readonly WriteGuard[]>;
  /** Per unique index name, the error a write breaking it answers. */
  uniqueViolations: ReadonlyMap<string, UniqueViolation>;
}

/** One row of a rules table: the types a rule applies to, and the rule. */
export type RuleRow<Rule> = readonly [types: readonly string[], rule: Rule];

/** Rules per type from rows read top to bottom: a type's rules run in the order of the rows naming it. */
export function rulesByType<Rule>(rows: readonly RuleRow<Rule>[]): ReadonlyMap<string, readonly Rule[]> {
  const byType = new Map<string, Rule[]>();
  for (const [types, rule] of rows) {
    for (const typeName of types) byType.set(typeName, [...(byType.get(typeName) ?? []), rule]);
  }
  return byType;
}

/**
 * Runs the type's own rules, then the rules every type shares: its date-time fields (core
 * `DATE_TIME_FIELDS_BY_TYPE`) are checked last, on the version as the type's rules left it, so a
 * typed resource's schema reports all its problems together first. A tombstone is not re-checked.
 */
export async function beforeWrite(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  resource: Resource,
  previous: Resource | undefined,
): Promise<void> {
  for (const hook of ctx.rules.beforeWrite.get(type.name) ?? []) await hook(tx, ctx, resource, previous);
  if (!resource.meta.isDeleted) assertDateTimeFields(type.name, resource);
}

export function writeGuards(rules: WriteRules, type: ResourceTypeDefinition): readonly WriteGuard[] {
  return rules.guards.get(type.name) ?? [];
}

/** The error for a database error of writing `resource`: a declared unique violation's, or the error itself. */
export function writeError(rules: WriteRules, error: unknown, resource: Resource): unknown {
  const e = error as { code?: string; constraint?: string };
  const toError = e.code === '23505' && e.constraint ? rules.uniqueViolations.get(e.constraint) : undefined;
  return toError ? toError(resource) : error;
}
