import type { Resource } from '@caseload/core';

/** One leaf field that differs between two copies of a resource ('' where it is absent). */
export interface FieldChange {
  /** Dotted, with array indexes from 0: "telecom.0.value". */
  path: string;
  before: string;
  after: string;
}

/** Fields the server keeps, not what a user changes. */
const BOOKKEEPING = new Set(['meta', 'id', 'resourceType', 'partition', 'created']);

function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${path}.${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  else if (value !== undefined && value !== null && value !== '') out.set(path, String(value));
}

function leaves(resource: Resource | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(resource ?? {})) if (!BOOKKEEPING.has(k)) flatten(v, k, out);
  return out;
}

/**
 * Every leaf field that differs from `before` (undefined for a new resource: every field) to
 * `after`, in path order: what one version, or one edit, changed.
 */
export function fieldChanges(before: Resource | undefined, after: Resource): FieldChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.filter((p) => a.get(p) !== b.get(p)).map((path) => ({ path, before: a.get(path) ?? '', after: b.get(path) ?? '' }));
}
