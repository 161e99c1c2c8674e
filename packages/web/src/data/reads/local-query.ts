import { getResourceType, matchesFilters, type Filter, type Resource, type SortFieldName } from '@caseload/core';
import { typeOfCollection } from '../paths.ts';

/**
 * The query grammar's free-text field: the server matches it against a resource's searchable text
 * (for patients: names, MRN, birth date). On the device it is any text the resource holds.
 */
export const TEXT_FIELD = '_text';

/** Fields that are bookkeeping, not what a person would type to find a resource. */
const NOT_TEXT = new Set(['id', 'meta', 'resourceType', 'partition']);

function textsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) textsOf(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) textsOf(v, out);
  return out;
}

/** A filter on `_text` as a test the local evaluator can answer, others left as they are. */
function localFilter(filter: Filter, resource: Resource): Filter | boolean {
  if ('and' in filter || 'or' in filter) return filter;
  if (filter.field !== TEXT_FIELD) return filter;
  if (filter.op !== 'contains' && filter.op !== 'startsWith') return false;
  const needle = filter.value.toLowerCase();
  const texts = textsOf(resource).map((t) => t.toLowerCase());
  return filter.op === 'contains' ? texts.some((t) => t.includes(needle)) : texts.some((t) => t.startsWith(needle));
}

/**
 * Whether a resource held on the device matches a query, by core's evaluator (the semantics of
 * docs/query-grammar.md). `_text` is searched as the server searches it for a type that declares
 * its text-search paths (Patient), else in every text of the resource. Used while the
 * server cannot be reached, so a search still finds what this device has seen.
 */
export function matchesLocally(resource: Resource, filters: readonly Filter[] | undefined): boolean {
  // A type that declares its searchable paths is searched exactly as the server searches it.
  if (getResourceType(resource.resourceType)?.textSearchPaths?.length) return matchesFilters(resource, filters ?? []);
  const visit = (list: readonly Filter[]): boolean =>
    list.every((f) => {
      if ('and' in f) return visit(f.and);
      if ('or' in f) return f.or.some((g) => visit([g]));
      const local = localFilter(f, resource);
      return typeof local === 'boolean' ? local : matchesFilters(resource, [local]);
    });
  return visit(filters ?? []);
}

/** The server's default order: newest first for LastModified and Created, A to Z otherwise (docs/api.md). */
export const defaultOrder = (orderBy: string): 'asc' | 'desc' => (orderBy === 'LastModified' || orderBy === 'Created' ? 'desc' : 'asc');

function sortValue(resource: Resource, collection: string, orderBy: string): string | number | undefined {
  const source = typeOfCollection(collection)?.sortFields[orderBy as SortFieldName];
  if (!source) return undefined;
  if ('column' in source) return Date.parse(resource.meta?.lastModified ?? '') || 0;
  let value: unknown = resource;
  for (const key of source.path) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  return source.lowercase ? value.toLowerCase() : value;
}

/**
 * Sorts device-held resources as the server would for `orderBy` (a sort field of the type,
 * LastModified by default): missing values last, ties by id.
 */
export function sortLocally<T extends Resource>(
  items: T[],
  collection: string,
  orderBy = 'LastModified',
  order = defaultOrder(orderBy),
): T[] {
  const sign = order === 'desc' ? -1 : 1;
  const keyed = items.map((item) => ({ item, key: sortValue(item, collection, orderBy) }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined)
      return a.key === b.key ? (a.item.id < b.item.id ? -1 : 1) : a.key === undefined ? 1 : -1;
    if (a.key !== b.key) return (a.key < b.key ? -1 : 1) * sign;
    return a.item.id < b.item.id ? -1 : 1;
  });
  return keyed.map((k) => k.item);
}
