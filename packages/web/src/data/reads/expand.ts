import { getResourceType, type Reference, type Resource } from '@caseload/core';
import { ApiError } from '../../api/index.ts';
import { EXPANSION_BATCH_SIZE } from '../constants.ts';
import { collectionPath, resourcePath } from '../paths.ts';
import { chunks, fetchAll } from './fetch-all.ts';
import { readPractice, type ReadContext } from './read-context.ts';
import { storeServerCopies } from './server-copies.ts';

/** The key an expanded reference is found under: `Type/id`, or `Type/id/_history/version`. */
export const referenceKey = (ref: Pick<Reference, 'resourceType' | 'id' | 'versionId'>) =>
  ref.versionId ? `${ref.resourceType}/${ref.id}/_history/${ref.versionId}` : `${ref.resourceType}/${ref.id}`;

/**
 * Fetches the targets of references (SPEC.md section 7: by id lists, and by version-id `in`
 * lists, across partitions, in chunks of 100). A versioned reference whose version is no longer
 * the current one is read from history (`_history/{versionId}`), which the historical table
 * keeps, since a version never changes. Targets the server does not return (missing, out of
 * reach) are absent from the answer; SPEC.md section 8's expansion message is the caller's to show.
 */
export async function expandReferences(ctx: ReadContext, references: readonly Reference[]): Promise<Map<string, Resource>> {
  const found = new Map<string, Resource>();
  const byType = new Map<string, Reference[]>();
  for (const ref of references) byType.set(ref.resourceType, [...(byType.get(ref.resourceType) ?? []), ref]);
  for (const [typeName, refs] of byType) {
    const type = getResourceType(typeName);
    if (!type) continue;
    const collection = type.collection;
    const practiceId = readPractice(ctx, collection);
    const path = collectionPath(collection, practiceId);
    const across = { crossPartition: type.partitioned };
    const ids = [...new Set(refs.filter((r) => !r.versionId).map((r) => r.id))];
    const versioned = uniqueVersioned(refs);
    for (const chunk of chunks(ids, EXPANSION_BATCH_SIZE)) {
      const current = await fetchAll(ctx.api, path, { ...across, filters: [{ field: 'id', op: 'in', value: chunk }] });
      await storeServerCopies(ctx, collection, practiceId, current);
      for (const r of current) found.set(referenceKey({ resourceType: typeName, id: r.id }), r);
    }
    for (const chunk of chunks(versioned, EXPANSION_BATCH_SIZE)) {
      const current = await fetchAll(ctx.api, path, {
        ...across,
        filters: [{ field: 'meta.versionId', op: 'in', value: chunk.map((r) => r.versionId!) }],
      });
      for (const r of current) found.set(referenceKey({ resourceType: typeName, id: r.id, versionId: r.meta.versionId }), r);
      for (const ref of chunk) {
        const key = referenceKey(ref);
        if (found.has(key)) continue;
        const old = await readVersion(ctx, collection, ref.id, ref.versionId!);
        if (old) found.set(key, old);
      }
    }
  }
  return found;
}

function uniqueVersioned(refs: Reference[]): Reference[] {
  const seen = new Map<string, Reference>();
  for (const r of refs) if (r.versionId) seen.set(referenceKey(r), r);
  return [...seen.values()];
}

/**
 * One version of a resource: from the historical table when read before, else from the server
 * (`GET {id}/_history/{versionId}`), then kept. Undefined when the server has no such version.
 */
export async function readVersion(ctx: ReadContext, collection: string, id: string, versionId: string): Promise<Resource | undefined> {
  const kept = await ctx.store.getHistorical(collection, id, versionId);
  if (kept) return kept.item;
  try {
    const practiceId = readPractice(ctx, collection);
    const item = await ctx.api.get<Resource>(`${resourcePath(collection, practiceId, id)}/_history/${encodeURIComponent(versionId)}`);
    await ctx.store.putHistorical([{ collection, id, versionId, item }]);
    return item;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
}
