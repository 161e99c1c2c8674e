import { getResourceType } from '../resources/registry.ts';
import { TEXT_SEARCH_FIELD, columnField, textSearchWords, type FieldFilter, type Filter, type FilterScalar } from './filter.ts';

/** What the evaluator needs beyond the filters. */
export interface EvaluateOptions {
  /**
   * The paths `_text` searches. By default those the registry declares for the resource's
   * `resourceType`; with none, `_text` matches nothing (the server refuses it instead).
   */
  textSearchPaths?: readonly string[];
}

/**
 * The query grammar evaluated on resources in memory, with the semantics of docs/query-grammar.md
 * (the SQL compiler's): arrays on a path are searched element-wise, no type coercion, strings by
 * code point, case folded for contains and startsWith, `meta.lastModified` compared as a time.
 * Used where a collection is not a table (the grant-set catalogue) and by the web client's
 * offline store.
 */
export function matchesFilters(resource: unknown, filters: readonly Filter[], options: EvaluateOptions = {}): boolean {
  const textPaths = options.textSearchPaths ?? typeOf(resource)?.textSearchPaths ?? [];
  return filters.every((f) => matchesFilter(resource, f, textPaths));
}

function typeOf(resource: unknown) {
  const name = (resource as { resourceType?: unknown } | null)?.resourceType;
  return typeof name === 'string' ? getResourceType(name) : undefined;
}

function matchesFilter(resource: unknown, filter: Filter, textPaths: readonly string[]): boolean {
  if ('and' in filter) return filter.and.every((f) => matchesFilter(resource, f, textPaths));
  if ('or' in filter) return filter.or.some((f) => matchesFilter(resource, f, textPaths));
  if (filter.field === TEXT_SEARCH_FIELD) return matchesText(resource, filter.value as string, textPaths);
  return matchesField(resource, filter);
}

/** Every word occurs, ignoring case, in some string at some text-search path (not across two). */
function matchesText(resource: unknown, value: string, paths: readonly string[]): boolean {
  const texts = paths
    .flatMap((p) => valuesAt(resource, p.split('.')))
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.toLowerCase());
  return textSearchWords(value).every((word) => {
    const lower = word.toLowerCase();
    return texts.some((t) => t.includes(lower));
  });
}

/** Every non-null value at a dotted path, through arrays at any step (and at the end). */
function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesAt(v, path));
  if (path.length === 0) return value === null || value === undefined ? [] : [value];
  if (typeof value !== 'object' || value === null) return [];
  return valuesAt((value as Record<string, unknown>)[path[0]!], path.slice(1));
}

type Comparable = string | number | boolean;

/** -1, 0, 1 for same-typed scalars; undefined when the types differ (never matches). */
function compare(a: unknown, b: Comparable, asTime: boolean): number | undefined {
  if (asTime && typeof a === 'string' && typeof b === 'string') {
    const x = Date.parse(a);
    const y = Date.parse(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
    return Math.sign(x - y);
  }
  if (typeof a !== typeof b) return undefined;
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  if (typeof a === 'number') return Math.sign(a - (b as number));
  if (typeof a === 'boolean') return Number(a) - Number(b as boolean);
  return undefined;
}

/** Orders strings by Unicode code point, as PostgreSQL's "C" collation and jsonpath do (not UTF-16 units). */
function compareCodePoints(a: string, b: string): number {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done || q.done) return p.done && q.done ? 0 : p.done ? -1 : 1;
    const d = p.value.codePointAt(0)! - q.value.codePointAt(0)!;
    if (d !== 0) return Math.sign(d);
  }
}

function matchesField(resource: unknown, f: FieldFilter): boolean {
  const values = valuesAt(resource, f.field.split('.'));
  const asTime = columnField(f.field) === 'meta.lastModified';
  /** Some value compares with `target` as `accept` wants (values of another type never match). */
  const some = (target: FilterScalar, accept: (order: number) => boolean) =>
    values.some((v) => {
      const order = compare(v, target, asTime);
      return order !== undefined && accept(order);
    });
  switch (f.op) {
    case 'eq':
      return f.value === null ? values.length === 0 : some(f.value, (o) => o === 0);
    case 'ne':
      return f.value === null ? values.length > 0 : !some(f.value, (o) => o === 0);
    case 'lt':
      return some(f.value, (o) => o < 0);
    case 'le':
      return some(f.value, (o) => o <= 0);
    case 'gt':
      return some(f.value, (o) => o > 0);
    case 'ge':
      return some(f.value, (o) => o >= 0);
    case 'in':
      return f.value.some((target) => some(target, (o) => o === 0));
    case 'contains':
      return values.some((v) => typeof v === 'string' && v.toLowerCase().includes(f.value.toLowerCase()));
    case 'startsWith':
      return values.some((v) => typeof v === 'string' && v.toLowerCase().startsWith(f.value.toLowerCase()));
    case 'exists':
      return f.value ? values.length > 0 : values.length === 0;
  }
}
