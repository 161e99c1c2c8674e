import type { FieldFilter, Filter, FilterScalar, Resource } from '@caseload/core';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value at a dotted path, searching arrays element-wise wherever they are met. */
function valuesAt(node: unknown, segments: readonly string[]): unknown[] {
  if (Array.isArray(node)) return node.flatMap((element) => valuesAt(element, segments));
  if (segments.length === 0) return node === undefined || node === null ? [] : [node];
  if (!isObject(node)) return [];
  return valuesAt(node[segments[0]!], segments.slice(1));
}

/** `meta.lastModified` compares as an instant, as the server's timestamp column does. */
function comparable(field: string, value: unknown): unknown {
  if (field === 'meta.lastModified' && typeof value === 'string') return Date.parse(value);
  return value;
}

function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a !== typeof b || (typeof a !== 'string' && typeof a !== 'number' && typeof a !== 'boolean')) return undefined;
  if (typeof a === 'string') {
    // By code point, as the server orders text.
    return a === b ? 0 : a < (b as string) ? -1 : 1;
  }
  return Number(a) - Number(b as number | boolean);
}

function matchesField(resource: Resource, filter: FieldFilter): boolean {
  const values = valuesAt(resource, filter.field.split('.')).map((v) => comparable(filter.field, v));
  const target = (v: FilterScalar) => comparable(filter.field, v);
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? values.length === 0 : values.some((v) => v === target(filter.value!));
    case 'ne':
      return filter.value === null ? values.length > 0 : !values.some((v) => v === target(filter.value!));
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      const want = target(filter.value);
      return values.some((v) => {
        const c = compare(v, want);
        if (c === undefined) return false;
        return filter.op === 'lt' ? c < 0 : filter.op === 'le' ? c <= 0 : filter.op === 'gt' ? c > 0 : c >= 0;
      });
    }
    case 'in':
      return values.some((v) => filter.value.some((w) => v === target(w)));
    case 'contains':
    case 'startsWith': {
      const needle = filter.value.toLowerCase();
      return values.some(
        (v) => typeof v === 'string' && (filter.op === 'contains' ? v.toLowerCase().includes(needle) : v.toLowerCase().startsWith(needle)),
      );
    }
    case 'exists':
      return filter.value ? values.length > 0 : values.length === 0;
  }
}

/**
 * Whether a locally held resource matches a query's filters, by the rules of
 * docs/query-grammar.md (arrays searched element-wise; `ne`, `eq null` and `exists false` need
 * that no value matches; no type coercion; `contains` and `startsWith` ignore case). Used for
 * what the server has not seen yet: items created or edited on this device, and everything
 * while offline before a query was ever answered.
 */
export function matchesFilters(resource: Resource, filters: readonly Filter[] | undefined): boolean {
  return (filters ?? []).every((filter) => {
    if ('and' in filter) return matchesFilters(resource, filter.and);
    if ('or' in filter) return filter.or.some((f) => matchesFilters(resource, [f]));
    return matchesField(resource, filter);
  });
}
