import { createHash } from 'node:crypto';
import type { Reference, Resource } from '@caseload/core';

/**
 * Ids and versions of generated records, derived from the seed and the record's place in the
 * population: the same seed gives the same ids, so a second run finds what the first wrote (and
 * skips it) and a larger run extends a smaller one instead of duplicating it.
 */
export function demoId(seed: number, kind: string, n: number | string): string {
  const hex = createHash('sha256').update(`caseload-demo:${seed}:${kind}:${n}`).digest('hex');
  // UUID-shaped (version 8, "custom"), like the ids the server makes.
  const variant = ((parseInt(hex[16]!, 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stored first version of a generated record: id, type, created and meta as the server writes them. */
export function demoResource<T extends Record<string, unknown>>(
  seed: number,
  type: string,
  key: number | string,
  created: string,
  fields: T,
): Resource & T {
  const id = demoId(seed, type, key);
  return {
    resourceType: type,
    id,
    ...fields,
    created,
    meta: { versionId: demoId(seed, `${type}-version`, key), lastModified: created },
  } as Resource & T;
}

/** A reference to a generated record, as stored records hold them (never expanded). */
export function refTo(resource: Resource): Reference {
  return {
    resourceType: resource.resourceType,
    id: resource.id,
    ...(resource.display !== undefined && { display: resource.display }),
    ...(resource.partition !== undefined && { partition: resource.partition }),
  };
}
