import { applyJsonPatch, generatePatch, normalizePatch, parsePointer, type Operation, type Resource } from '@caseload/core';
import { deepEqual, mergeEdits } from './queue/merge-edits.ts';

/** What re-applying one person's edits on a newer copy gave. */
export type RebaseOutcome<T extends Resource> =
  /** The edits apply cleanly: `item` is the newer copy with them. */
  | { ok: true; item: T }
  /** Both sides changed the same fields differently (JSON pointers, e.g. `/sections/0/narrative`). */
  | { ok: false; conflicts: string[] };

/**
 * The pointer an operation claims: its path, or, for an insertion or removal inside an array, the
 * whole array (every later index shifts, so any other change inside it may land elsewhere). An
 * append moves no index: it claims only the new element.
 */
function claimed(op: Operation, base: unknown): string {
  if (op.op !== 'add' && op.op !== 'remove') return op.path;
  const segments = parsePointer(op.path);
  const parent = valueAt(base, segments.slice(0, -1));
  if (!Array.isArray(parent)) return op.path;
  const last = segments[segments.length - 1];
  if (op.op === 'add' && (last === '-' || Number(last) === parent.length)) return op.path;
  return op.path.slice(0, op.path.lastIndexOf('/'));
}

function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let at = doc;
  for (const s of segments) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[s];
  }
  return at;
}

/** Same pointer, or one inside the other. */
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * Re-applies the changes made from `base` to `mine` onto `theirs`, a newer copy of the same
 * resource (SPEC.md section 4: patches generated from the known original). The edits are the RFC
 * 6902 operations of `generatePatch(base, mine)`, so only the fields this user changed move, at
 * the finest level JSON Patch names (one section's narrative, one answer), and whatever
 * `theirs` changed elsewhere stays. Where both changed the same field (or one changed a field
 * inside an array the other reordered) to different values, nothing is applied and the fields are
 * named: a true conflict for the caller to show. Identity and version fields come from `theirs`.
 */
export function rebaseEdit<T extends Resource>(base: T, mine: T, theirs: T): RebaseOutcome<T> {
  const ours = generatePatch(base, mine);
  if (ours.length === 0) return { ok: true, item: theirs };
  const others = generatePatch(base, theirs);
  const conflicts = new Set<string>();
  for (const mineAt of ours.map((op) => claimed(op, base))) {
    for (const theirsAt of others.map((op) => claimed(op, base))) {
      if (!overlaps(mineAt, theirsAt)) continue;
      // The shorter pointer holds both changes: equal values there mean both made the same edit.
      const at = mineAt.length <= theirsAt.length ? mineAt : theirsAt;
      if (!deepEqual(valueAt(mine, parsePointer(at)), valueAt(theirs, parsePointer(at)))) conflicts.add(at);
    }
  }
  if (conflicts.size > 0) return { ok: false, conflicts: [...conflicts] };
  try {
    return { ok: true, item: applyJsonPatch(theirs, normalizePatch(theirs, ours)) as T };
  } catch {
    // The edit no longer fits the newer copy's shape (a parent it writes into is gone).
    return { ok: false, conflicts: ours.map((op) => op.path) };
  }
}

/**
 * {@link rebaseEdit} for a screen that must keep what its user typed: where both sides changed a
 * field, the user's value wins (the write queue's own merge rule, `mergeEdits`; the other value
 * stays in the resource's history). Used to fold a newer stored copy under an open editor.
 */
export function rebaseKeepingMine<T extends Resource>(base: T, mine: T, theirs: T): T {
  const out = rebaseEdit(base, mine, theirs);
  return out.ok ? out.item : mergeEdits(base, theirs, mine);
}

/**
 * {@link rebaseEdit} where the newer copy wins each field both changed: the user's other edits
 * are still re-applied (an editor's "use theirs" after a conflict).
 */
export function rebaseKeepingTheirs<T extends Resource>(base: T, mine: T, theirs: T): T {
  const out = rebaseEdit(base, mine, theirs);
  if (out.ok) return out.item;
  const ours = generatePatch(base, mine).filter((op) => !out.conflicts.some((c) => overlaps(claimed(op, base), c)));
  try {
    return applyJsonPatch(theirs, normalizePatch(theirs, ours)) as T;
  } catch {
    return theirs;
  }
}
