import {
  MESSAGES,
  getResourceType,
  isReference,
  validateExpand,
  type Reference,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { Queryable } from '../db/database.ts';
import { currentTable, historyTable } from './table-names.ts';

/** References are fetched this many ids at a time (SPEC.md section 9). */
export const EXPANSION_BATCH_SIZE = 100;

/**
 * Replaces each reference at the named paths with itself plus the resource it points at, in place.
 * Fetches by id lists (or version lists for versioned references) in batches of 100, across
 * partitions and including deleted resources. A reference that finds nothing keeps its fields
 * and gets `expansionError` with the spec's message.
 */
export async function expandReferences(
  db: Queryable,
  practiceId: string,
  access: AccessPolicy,
  type: ResourceTypeDefinition,
  resources: Resource[],
  names: string[],
  now: Date,
): Promise<void> {
  if (names.length === 0) return;
  validateExpand(type.name, names);
  if (resources.length === 0) return;
  const references = names.flatMap((name) => resources.flatMap((r) => referencesAt(r, name.split('.'))));
  const byType = new Map<string, Reference[]>();
  for (const ref of references) {
    const list = byType.get(ref.resourceType) ?? [];
    list.push(ref);
    byType.set(ref.resourceType, list);
  }
  for (const [typeName, refs] of byType) {
    const target = getResourceType(typeName);
    // The same rules as a direct read: a target the caller may not read expands to nothing.
    const readable = target && access.allows('Read', target);
    const found = readable ? await fetchTargets(db, target.scope === 'global' ? '' : practiceId, access, target, refs, now) : new Map();
    for (const ref of refs) {
      const resource = found.get(key(ref.id, ref.versionId)) ?? (ref.versionId ? undefined : found.get(key(ref.id)));
      if (resource) ref.resource = resource;
      else ref.expansionError = MESSAGES.expansionFailure(ref.resourceType, ref.id, ref.versionId);
    }
  }
}

function key(id: string, versionId?: string): string {
  return versionId ? `${id}@${versionId}` : id;
}

/** Every reference found by walking `path` from `value`, through arrays at any step. */
function referencesAt(value: unknown, path: string[]): Reference[] {
  if (Array.isArray(value)) return value.flatMap((v) => referencesAt(v, path));
  if (path.length === 0) return isReference(value) ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return referencesAt((value as Record<string, unknown>)[path[0]!], path.slice(1));
}

async function fetchTargets(
  db: Queryable,
  practiceId: string,
  access: AccessPolicy,
  type: ResourceTypeDefinition,
  refs: Reference[],
  now: Date,
): Promise<Map<string, Resource>> {
  const found = new Map<string, Resource>();
  const latest = [...new Set(refs.filter((r) => !r.versionId).map((r) => r.id))];
  const versioned = refs.filter((r) => r.versionId);
  for (const ids of chunks(latest)) {
    const params: unknown[] = [practiceId, ids, now];
    const reach = access.rowCondition(type, params);
    // Past its time-to-live a resource is gone for expansion as for a read.
    const result = await db.query<{ body: Resource }>(
      `SELECT body FROM ${currentTable(type)} WHERE practice_id = $1 AND id = ANY($2::text[])
       AND (expires_at IS NULL OR expires_at > $3) AND ${reach}`,
      params,
    );
    for (const row of result.rows) found.set(key(row.body.id), row.body);
  }
  for (const batch of chunks(versioned)) {
    const ids = batch.map((r) => r.id);
    const versions = batch.map((r) => r.versionId!);
    const params: unknown[] = [practiceId, ids, versions, now];
    const reach = access.rowCondition(type, params);
    // Versions of a resource past its time-to-live are gone too (its current row says so). The
    // current table answers as well: a version written without history lives only there.
    const live = `(SELECT c.id FROM ${currentTable(type)} c WHERE c.practice_id = $1 AND c.id = ANY($2::text[])
       AND (c.expires_at IS NULL OR c.expires_at > $4))`;
    const result = await db.query<{ body: Resource }>(
      `SELECT body FROM ${historyTable(type)} WHERE practice_id = $1 AND id = ANY($2::text[]) AND version_id = ANY($3::text[])
         AND id IN ${live} AND ${reach}
       UNION ALL
       SELECT body FROM ${currentTable(type)} WHERE practice_id = $1 AND id = ANY($2::text[]) AND version_id = ANY($3::text[])
         AND id IN ${live} AND ${reach}`,
      params,
    );
    for (const row of result.rows) found.set(key(row.body.id, row.body.meta.versionId), row.body);
  }
  return found;
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += EXPANSION_BATCH_SIZE) out.push(list.slice(i, i + EXPANSION_BATCH_SIZE));
  return out;
}
