import {
  COLUMN_FIELD_KINDS,
  TEXT_SEARCH_FIELD,
  assertFiltersFitType,
  columnField,
  textSearchWords,
  type ColumnField,
  type ColumnFieldKind,
  type FieldFilter,
  type Filter,
  type FilterScalar,
  type FilterTarget,
} from '@caseload/core';
import { indexedFieldExpression, textSearchColumn } from './filter-index-sql.ts';
import { SORT_KEY_LENGTH, sortExpression } from './sort-sql.ts';

/**
 * Compiles query filters (docs/query-grammar.md) to SQL over a resource table with columns
 * `id, partition, version_id, last_modified, is_deleted, body`. Every client value travels as a
 * bound parameter: JSON fields become a whole jsonpath text bound as `$n::jsonpath`, columns a
 * typed `$n::text|timestamptz|boolean`. Nothing from the filter is ever spliced into the SQL.
 *
 * The type (`target`) adds two faster shapes with the same meaning: `eq` and `in` on its declared
 * indexed filter fields, which never hold a list, become `body #> path = $n::jsonb` (served by the
 * type's filter index), and `_text` becomes LIKE tests on its stored searchable text (served by a
 * trigram index).
 */

/** The column behind each column field; typed by ColumnField so a new one must be mapped here. */
const COLUMNS: Record<ColumnField, string> = {
  id: 'id',
  partition: 'partition',
  'meta.versionId': 'version_id',
  'meta.lastModified': 'last_modified',
  'meta.isDeleted': 'is_deleted',
};

const CASTS: Record<ColumnFieldKind, string> = { text: 'text', timestamp: 'timestamptz', boolean: 'boolean' };

const ORDER = { lt: '<', le: '<=', gt: '>', ge: '>=' } as const;

/**
 * Returns a SQL boolean expression matching rows that satisfy every filter (`TRUE` for none),
 * appending the values it binds to `params` and numbering its placeholders after those already
 * there. Expects filters from `parseFilters`, which rejects anything PostgreSQL could not take.
 *
 * @example
 * const params: unknown[] = [practiceId];
 * const where = compileFilters(parseFilters(body), params);
 * await db.query(`SELECT body FROM patient WHERE practice_id = $1 AND ${where}`, params);
 */
export function compileFilters(filters: readonly Filter[], params: unknown[], target: FilterTarget = { name: 'This collection' }): string {
  // `_text` on a type without text search is the client's mistake: a 400 naming where it is.
  assertFiltersFitType(filters, target);
  return filters.length === 0 ? 'TRUE' : compileGroup(filters, 'AND', params, target);
}

/**
 * Filters split for a page found by walking its sort order (resource-search.ts, "walk first"):
 * `inWalk` narrows the walk itself (column fields), `onRows` is tested on each row it reaches.
 */
export interface WalkSplit {
  inWalk: Filter[];
  onRows: Filter[];
}

/**
 * Whether a page of `filters` should first walk its sort order a bounded way, and how the filters
 * then split; undefined when the planner is best left to choose. That is when a filter tests
 * bodies by equality (`eq` or `in` on a body field: what the body's GIN index can look up) and
 * none is served otherwise: not a text search (matched first), nor an indexed filter field (whose
 * index is already in last-modified order). Column fields narrow the walk; the rest are tested.
 *
 * Why: PostgreSQL keeps no statistics on bodies wider than 1 kB (every stored Patient is), so it
 * guesses 1 % for every body test and picks the plan by table size alone: in a smaller practice
 * it sorts every match from the GIN index (slow for a common value, which a walk finds at once),
 * in a larger one it walks the sort order (slow for a rare value, which the GIN index finds at
 * once, and slower the larger the practice). docs/performance.md, "Body filters: walk first, then
 * look up".
 */
export function walkFirst(filters: readonly Filter[], target: FilterTarget): WalkSplit | undefined {
  if (searchesText(filters)) return undefined;
  const split: WalkSplit = { inWalk: [], onRows: [] };
  let lookup = false;
  for (const filter of filters) {
    const kind = 'field' in filter ? filterKind(filter, target) : 'group';
    if (kind === 'indexed') return undefined;
    if (kind === 'column') split.inWalk.push(filter);
    else split.onRows.push(filter);
    lookup ||= kind === 'group' ? looksUp(filter, target) : kind === 'body-lookup';
  }
  return lookup ? split : undefined;
}

/** Whether any filter, at any depth, is a text search (`_text`). */
export function searchesText(filters: readonly Filter[]): boolean {
  return filters.some((f) => ('and' in f ? searchesText(f.and) : 'or' in f ? searchesText(f.or) : f.field === TEXT_SEARCH_FIELD));
}

type FilterKind = 'text' | 'column' | 'indexed' | 'body-lookup' | 'body-scan';

/** Which of compileFilter's shapes a field filter takes, and for a body test whether GIN serves it. */
function filterKind(filter: FieldFilter, target: FilterTarget): FilterKind {
  if (filter.field === TEXT_SEARCH_FIELD) return 'text';
  if (columnField(filter.field)) return 'column';
  if (servedByFilterIndex(filter, target)) return 'indexed';
  // Without the body's GIN index an equality has nothing to look its matches up in.
  return isValueEquality(filter) && target.bodyIndexed !== false ? 'body-lookup' : 'body-scan';
}

/** `eq` a value (not null) or `in`: what an index on the field's value can look up. */
function isValueEquality(filter: FieldFilter): boolean {
  return (filter.op === 'eq' && filter.value !== null) || filter.op === 'in';
}

/** A value equality on a declared indexed filter field: compiled to plain jsonb equality. */
function servedByFilterIndex(filter: FieldFilter, target: FilterTarget): boolean {
  return isValueEquality(filter) && (target.indexedFilterFields?.includes(filter.field) ?? false);
}

/** Whether the GIN index can find a group's matches: some of an `and`, every branch of an `or`. */
function looksUp(filter: Filter, target: FilterTarget): boolean {
  if ('and' in filter) return filter.and.some((f) => looksUp(f, target));
  if ('or' in filter) return filter.or.every((f) => looksUp(f, target));
  return filterKind(filter, target) === 'body-lookup';
}

function compileGroup(filters: readonly Filter[], joiner: 'AND' | 'OR', params: unknown[], target: FilterTarget): string {
  // parseFilters refuses empty groups; these are the identities for filters built in code.
  if (filters.length === 0) return joiner === 'AND' ? 'TRUE' : 'FALSE';
  const parts = filters.map((f) => compileFilter(f, params, target));
  return parts.length === 1 ? parts[0]! : `(${parts.join(` ${joiner} `)})`;
}

function compileFilter(filter: Filter, params: unknown[], target: FilterTarget): string {
  if ('and' in filter) return compileGroup(filter.and, 'AND', params, target);
  if ('or' in filter) return compileGroup(filter.or, 'OR', params, target);
  if (filter.field === TEXT_SEARCH_FIELD) return compileTextSearch(filter.value as string, params, target);
  const column = columnField(filter.field);
  if (column) return compileColumn(column, filter, params);
  const body = compileIndexedField(filter, params, target) ?? compileBody(filter, params);
  const range = compileSortRange(filter, params, target);
  return range ? `(${range} AND ${body})` : body;
}

/**
 * A range (`lt`, `le`, `gt`, `ge`) with a text value on a field a sort of the type orders by
 * (Appointment's `start`, the EncounterDate sort): also stated on the sort expression, whose
 * index can then bound the scan (a week of a calendar reads the week's rows, not every row before
 * it). The body test stays beside it, so the meaning is the jsonpath's (a missing field never
 * matches); the sort key's 200-character cut cannot change the answer for values shorter than it.
 */
function compileSortRange(filter: Filter, params: unknown[], target: FilterTarget): string | undefined {
  if ('and' in filter || 'or' in filter) return undefined;
  if (!['lt', 'le', 'gt', 'ge'].includes(filter.op) || typeof filter.value !== 'string' || filter.value.length >= SORT_KEY_LENGTH)
    return undefined;
  const source = Object.values(target.sortFields ?? {}).find(
    (s): s is { path: readonly string[] } => s !== undefined && 'path' in s && !s.lowercase && s.path.join('.') === filter.field,
  );
  if (!source) return undefined;
  return `${sortExpression(source)} ${ORDER[filter.op as 'lt' | 'le' | 'gt' | 'ge']} ${bind(params, filter.value)}::text`;
}

/**
 * `eq` and `in` with values on a declared indexed filter field, as plain jsonb equality. The
 * registry's promise that the field never holds a list (enforced on write) is what makes this
 * mean the same as the lax jsonpath form: with no array on the path there is at most one value,
 * and jsonb `=` compares type and value exactly as jsonpath `==` does (no coercion, numbers by
 * value). `eq null` and the rest keep the jsonpath form.
 */
function compileIndexedField(filter: FieldFilter, params: unknown[], target: FilterTarget): string | undefined {
  if (!servedByFilterIndex(filter, target)) return undefined;
  const expression = indexedFieldExpression(filter.field);
  if (filter.op === 'in') {
    return `${expression} = ANY(${bind(
      params,
      filter.value.map((v) => JSON.stringify(v)),
    )}::jsonb[])`;
  }
  return `${expression} = ${bind(params, JSON.stringify(filter.value))}::jsonb`;
}

/**
 * `_text`: every word occurs in the stored searchable text, which holds each string of the
 * text-search paths lowercased and separated by a space (words hold no whitespace, so none can
 * straddle two strings). The word is lowercased by the same `lower` as the text, and LIKE's own
 * wildcards in it are escaped, so it matches only itself. Bound values are known when the
 * statement is planned, so the trigram index serves words of 3 or more characters.
 */
function compileTextSearch(value: string, params: unknown[], target: FilterTarget): string {
  const column = textSearchColumn(target)!;
  const tests = textSearchWords(value).map(
    (word) => `${column} LIKE ('%' || lower(${bind(params, word.replace(/[\\%_]/g, '\\$&'))}::text) || '%')`,
  );
  return tests.length === 1 ? tests[0]! : `(${tests.join(' AND ')})`;
}

/**
 * A body field: `body @? $n::jsonpath` in lax mode, so arrays on the way are unwrapped and a
 * filter matches when any element does. Negations say "no element matches"; the COALESCE keeps
 * that true should PostgreSQL ever answer NULL, which NOT would otherwise turn into no match.
 */
function compileBody(filter: FieldFilter, params: unknown[]): string {
  const path = `lax $${filter.field
    .split('.')
    .map((s) => `.${JSON.stringify(s)}`)
    .join('')}`;
  const some = (predicate: string) => `body @? ${bind(params, `${path} ? (${predicate})`)}::jsonpath`;
  const none = (predicate: string) => `NOT COALESCE(body @? ${bind(params, `${path} ? (${predicate})`)}::jsonpath, FALSE)`;
  // In jsonpath, comparing null with a non-null value is false for == and true for !=.
  const present = '@ != null';
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? none(present) : some(`@ == ${literal(filter.value)}`);
    case 'ne':
      return filter.value === null ? some(present) : none(`@ == ${literal(filter.value)}`);
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return some(`@ ${ORDER[filter.op]} ${literal(filter.value)}`);
    case 'in':
      return some(filter.value.map((v) => `@ == ${literal(v)}`).join(' || '));
    case 'contains':
    case 'startsWith':
      return some(likeRegex(filter.op, filter.value));
    case 'exists':
      return filter.value ? some(present) : none(present);
  }
}

/**
 * A column field. Semantics match body fields: `ne` and `eq null` count NULL as "missing", order
 * comparisons on text use code-point order (COLLATE "C") as jsonpath does, and text matching
 * goes through the same jsonpath `like_regex` so case folding is identical.
 */
function compileColumn(field: ColumnField, filter: FieldFilter, params: unknown[]): string {
  const column = COLUMNS[field];
  const kind = COLUMN_FIELD_KINDS[field];
  const value = (v: FilterScalar) => `${bind(params, toColumnValue(kind, v))}::${CASTS[kind]}`;
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? `${column} IS NULL` : `${column} = ${value(filter.value)}`;
    case 'ne':
      return filter.value === null ? `${column} IS NOT NULL` : `${column} IS DISTINCT FROM ${value(filter.value)}`;
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      const left = kind === 'text' ? `${column} COLLATE "C"` : column;
      return `${left} ${ORDER[filter.op]} ${value(filter.value)}`;
    }
    case 'in': {
      const values = filter.value.map((v) => toColumnValue(kind, v));
      return `${column} = ANY(${bind(params, values)}::${CASTS[kind]}[])`;
    }
    case 'contains':
    case 'startsWith': {
      const path = bind(params, `lax $ ? (${likeRegex(filter.op, filter.value)})`);
      return `COALESCE(to_jsonb(${column}) @? ${path}::jsonpath, FALSE)`;
    }
    case 'exists':
      return filter.value ? `${column} IS NOT NULL` : `${column} IS NULL`;
  }
}

/** A date-only timestamp means midnight UTC; left bare, PostgreSQL would use the session zone. */
function toColumnValue(kind: ColumnFieldKind, value: FilterScalar): FilterScalar {
  return kind === 'timestamp' && typeof value === 'string' && value.length === 10 ? `${value}T00:00:00Z` : value;
}

/**
 * A JSON literal is also a valid jsonpath literal for the values parseFilters admits: strings
 * use the same escapes, numbers are finite (`1e+21` and `-5` parse), booleans are `true`/`false`.
 */
function literal(value: FilterScalar): string {
  return JSON.stringify(value);
}

/** A case-insensitive `like_regex` predicate matching `value` as literal text. */
function likeRegex(op: 'contains' | 'startsWith', value: string): string {
  const pattern = (op === 'startsWith' ? '^' : '') + escapeRegex(value);
  return `@ like_regex ${JSON.stringify(pattern)} flag "i"`;
}

/**
 * Escapes the metacharacters of PostgreSQL's regex engine, which implements like_regex (an ARE,
 * not XQuery). A backslash before a non-alphanumeric character is always that literal character,
 * so escaping only punctuation cannot turn a letter into a class like `\d`.
 */
export function escapeRegex(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

function bind(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}
