import { READ_ONLY_ROOT_FIELDS, type Resource } from '@caseload/core';

type Json = unknown;

const isPlainObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural equality of JSON-like values; `undefined` members count as absent. */
export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!deepEqual(a[key], b[key])) return false;
  return true;
}

function mergeValue(base: Json, theirs: Json, mine: Json): Json {
  if (deepEqual(mine, base)) return theirs;
  if (deepEqual(theirs, base)) return mine;
  if (isPlainObject(base) && isPlainObject(theirs) && isPlainObject(mine)) {
    const merged: Record<string, Json> = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeValue(base[key], theirs[key], mine[key]);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  // Both sides changed the same value (or an array): the user's edit wins, since it is what they
  // see on screen and the server copy it replaces is still in the item's history.
  return mine;
}

/**
 * Three-way merge after a write succeeds: `base` is what was sent, `theirs` what the server
 * answered, `mine` the item as the user has it now (with edits made while the write was in
 * flight). Changes on one side only are kept; a value changed on both sides takes the user's.
 * Arrays are merged as whole values. Identity and version fields (`id`, `meta`, `resourceType`,
 * `partition`) always come from the server.
 */
export function mergeEdits<T extends Resource>(base: Resource, theirs: T, mine: Resource): T {
  const merged = mergeValue(base, theirs, mine) as Record<string, Json>;
  for (const field of READ_ONLY_ROOT_FIELDS) {
    if (theirs[field] === undefined) delete merged[field];
    else merged[field] = theirs[field];
  }
  return merged as T;
}
