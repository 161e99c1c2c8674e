import type { FailedUpsert } from '../../../data/index.ts';

/** The words the server ends a conflict refusal with (docs/scheduling.md, "Conflicts"). */
const OVERRIDE_HINT = ' Set overrideConflicts to book anyway.';

/** A booking the server refused over conflicts: what it said, for the user to book anyway or not. */
export interface ConflictRefusal {
  message: string;
}

/**
 * Whether a refused write was refused over conflicts, which the user may override, rather than
 * for a reason they must fix. The queue keeps the refusal's detail only, whose last sentence
 * names the override.
 */
export function conflictOf(failed: Pick<FailedUpsert, 'status' | 'detail'>): ConflictRefusal | undefined {
  if (failed.status !== 400 || !failed.detail?.endsWith(OVERRIDE_HINT)) return undefined;
  return { message: failed.detail.slice(0, -OVERRIDE_HINT.length) };
}

/** Conflicts found by a direct call (an occurrence edit): the issues at overrideConflicts. */
export function conflictOfIssues(issues: readonly { path: string; message: string }[]): ConflictRefusal | undefined {
  const found = issues.filter((i) => i.path === 'overrideConflicts').map((i) => i.message);
  return found.length ? { message: found.join(' ') } : undefined;
}
