/**
 * Re-pointing references when one patient's records become another's (the merge). Pure: the
 * service decides which rows to change, this only rewrites bodies.
 */

/** The two patients of a merge, with the survivor's display for re-pointed references. */
export interface MergePair {
  duplicateId: string;
  survivorId: string;
  survivorDisplay?: string;
}

type Json = unknown;

/** Is this object a reference (or a resource) naming a type and an id? */
function isReference(value: Record<string, unknown>): boolean {
  return typeof value.resourceType === 'string' && typeof value.id === 'string';
}

/**
 * A copy of `value` where every reference to the duplicate patient names the survivor (its
 * version pin dropped: the survivor's versions are not the duplicate's), and every reference
 * carrying the duplicate's partition carries the survivor's. `meta` is left alone: who wrote
 * a version is history. Answers the same object when nothing changed, so callers can skip
 * writes that would change nothing.
 */
export function repointReferences<T extends Json>(value: T, pair: MergePair): T {
  return rewrite(value, pair, false) as T;
}

function rewrite(value: Json, pair: MergePair, insideMeta: boolean): Json {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const r = rewrite(item, pair, insideMeta);
      if (r !== item) changed = true;
      return r;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== 'object' || insideMeta) return value;
  const source = value as Record<string, unknown>;
  let next: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(source)) {
    const r = rewrite(child, pair, key === 'meta');
    if (r !== child) (next ??= { ...source })[key] = r;
  }
  const out = next ?? source;
  if (!isReference(out)) return out;
  if (out.resourceType === 'Patient' && out.id === pair.duplicateId) {
    const { versionId: _pinned, ...rest } = out;
    return {
      ...rest,
      id: pair.survivorId,
      ...(pair.survivorDisplay !== undefined && 'display' in out && { display: pair.survivorDisplay }),
      ...('partition' in out && { partition: pair.survivorId }),
    };
  }
  if (out.partition === pair.duplicateId) return { ...out, partition: pair.survivorId };
  return out;
}

/** Does `value` hold a reference `repointReferences` would change? */
export function namesPatient(value: Json, pair: MergePair): boolean {
  return repointReferences(value, pair) !== value;
}
