import {
  MESSAGES,
  getResourceType,
  isReference,
  validateExpand,
  type Reference,
  type Resource,
  type ResourceTypeDefinition,
  storedPracticeOf,
} from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { Queryable } from '../db/database.ts';
import { currentTable, historyTable } from './table-names.ts';

/** References are fetched this many ids at a time (SPEC.md section 9). */
export const EXPANSION_BATCH_SIZE = 100;

/** A resource an expansion put into the answer, with the path and the resource it was found from. */
export interface ExpandedResource {
  type: ResourceTypeDefinition;
  resource: Resource;
  path: string;
  from: Resource;
}

/** A reference an expansion left unfilled: missing, out of reach, or of a type the caller may not read. */
export interface UnexpandedReference {
  type: ResourceTypeDefinition;
  reference: Reference;
  path: string;
  from: Resource;
  readable: boolean;
}

/** What an expansion returned, each resource once, and which references it could not fill. */
export interface Expansion {
  returned: ExpandedResource[];
  unexpanded: UnexpandedReference[];
}

/**
 * Replaces each reference at the named paths with itself plus the resource it points at, in place.
 * Fetches by id lists (or version lists for versioned references) in batches of 100, across
 * partitions and including deleted resources. A reference that finds nothing keeps its fields
 * and gets `expansionError` with the spec's message. Answers what it returned and what it could
 * not, so the caller can audit both.
 */
export async function expandReferences(
  db: Queryable,
  practiceId: string,
  access: AccessPolicy,
  type: ResourceTypeDefinition,
  resources: Resource[],
  names: readonly string[],
  now: Date,
): Promise<Expansion> {
  const expansion: Expansion = { returned: [], unexpanded: [] };
  if (names.length === 0) return expansion;
  validateExpand(type.name, names);
  const byType = new Map<string, ReferenceAt[]>();
  for (const path of names) {
    for (const from of resources) {
      for (const reference of referencesAt(from, path.split('.'))) {
        const list = byType.get(reference.resourceType) ?? [];
        list.push({ reference, path, from });
        byType.set(reference.resourceType, list);
      }
    }
  }
  const seen = new Set<string>();
  for (const [typeName, refs] of byType) {
    const target = getResourceType(typeName);
    // The same rules as a direct read: a target the caller may not read expands to nothing.
    const readable = target !== undefined && access.allows('Read', target);
    const found = readable
      ? await fetchTargets(
          db,
          storedPracticeOf(target, practiceId),
          access,
          target,
          refs.map((r) => r.reference),
          now,
        )
      : new Map();
    for (const { reference, path, from } of refs) {
      const resource =
        found.get(key(reference.id, reference.versionId)) ?? (reference.versionId ? undefined : found.get(key(reference.id)));
      const once = `${typeName}/${key(reference.id, resource?.meta.versionId ?? reference.versionId)}`;
      if (resource) reference.resource = resource;
      else reference.expansionError = MESSAGES.expansionFailure(reference.resourceType, reference.id, reference.versionId);
      if (!target || seen.has(once)) continue;
      seen.add(once);
      if (resource) expansion.returned.push({ type: target, resource, path, from });
      else expansion.unexpanded.push({ type: target, reference, path, from, readable });
    }
  }
  return expansion;
}

/** One reference met at `path` of `from`. */
interface ReferenceAt {
  reference: Reference;
  path: string;
  from: Resource;
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
