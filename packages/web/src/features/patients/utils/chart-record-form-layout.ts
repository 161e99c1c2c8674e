import type { Resource } from '@caseload/core';

/**
 * A record as a form starts from: a stored one, or a new one's starting values (no id or meta
 * yet). Spelled out rather than `Omit`, which loses the known fields of a type with an index
 * signature (every Resource has one).
 */
export type RecordDraft<T extends Resource> = { [K in keyof T as K extends 'id' | 'meta' ? never : K]: T[K] } & {
  id?: string;
  meta?: Resource['meta'];
};

/**
 * What a chart record form leaves empty is removed rather than stored: an empty date input gives
 * '', an unpicked select null, and an untouched period `{ start: '', end: '' }`. Stored records
 * have no such fields (the schemas refuse '' dates), so the form cleans its values before they
 * are checked and saved. Text is not trimmed: a stray space is the user's to see
 * ('cannot begin or end with whitespace').
 */
export function withoutBlanks<T>(value: T): T {
  return clean(value, true) as T;
}

function clean(value: unknown, root: boolean): unknown {
  if (value === '' || value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => clean(v, false)).filter((v) => v !== undefined);
  if (typeof value !== 'object' || value === undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const kept = clean(v, false);
    if (kept !== undefined) out[key] = kept;
  }
  return root || Object.keys(out).length > 0 ? out : undefined;
}

/** A person's name as the related-person list writes it: "Given Middle Family". */
export function personDisplay(names: { given?: string[]; family?: string }[] | undefined): string {
  const n = names?.[0];
  return [...(n?.given ?? []), n?.family ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}
