import { badRequest, type Issue } from '../errors/app-error.ts';

/**
 * The filter grammar of `POST {collection}/queries` (docs/query-grammar.md). This module only
 * validates: it turns untrusted JSON into typed filters or a BadRequest naming every problem, so
 * nothing malformed ever reaches the SQL compiler.
 */

/** A value a comparison may hold. There is no coercion: `"10"` never equals `10`. */
export type FilterScalar = string | number | boolean;

/** A test of one field. `field` is a dotted path of JSON member names (`identifiers.value`). */
export type FieldFilter =
  /** Equal / not equal; `null` means missing-or-null (`eq`) or present-and-not-null (`ne`). */
  | { field: string; op: 'eq' | 'ne'; value: FilterScalar | null }
  /** Ordering: strings by code point, numbers by value, `false < true`. */
  | { field: string; op: 'lt' | 'le' | 'gt' | 'ge'; value: FilterScalar }
  /** Equal to any of 1 to 1000 values. */
  | { field: string; op: 'in'; value: FilterScalar[] }
  /** Case-insensitive substring / prefix match on strings. */
  | { field: string; op: 'contains' | 'startsWith'; value: string }
  /** `true`: some non-null value is at the path; `false`: none is. */
  | { field: string; op: 'exists'; value: boolean };

/** Matches when every member filter matches. */
export interface AndFilter {
  and: Filter[];
}

/** Matches when at least one member filter matches. */
export interface OrFilter {
  or: Filter[];
}

/** One entry of a query body: a field test or a group. */
export type Filter = FieldFilter | AndFilter | OrFilter;

/** Every operator, in the order error messages list them. */
export type FilterOp = FieldFilter['op'];

/** Limits a query must keep; each breach is a BadRequest issue. */
export const FILTER_LIMITS = {
  /** Filters in the whole body, groups included. */
  filters: 100,
  /** Groups inside groups: a group may sit inside at most 4 others. */
  depth: 5,
  /** Segments of a field path. */
  segments: 8,
  /** Values of one `in` list. */
  inValues: 1000,
  /** UTF-16 code units of a string value; keeps the compiled jsonpath bounded. */
  stringLength: 1024,
  /** UTF-16 code units of a `_text` search. */
  textLength: 100,
} as const;

/**
 * The reserved field of the text search: `{ "field": "_text", "op": "contains", "value": "ada 1990" }`
 * matches resources where every word of the value occurs, ignoring case, in some string at the
 * type's text-search paths (`textSearchPaths` in the registry).
 */
export const TEXT_SEARCH_FIELD = '_text';

/** The words of a `_text` value: split on whitespace, empty ones dropped. */
export function textSearchWords(value: string): string[] {
  return value.split(/\s+/).filter((w) => w !== '');
}

/**
 * Fields answered by table columns rather than by the JSON body, with the kind of value each
 * compares. The server maps each to its column (storage/filter-sql.ts).
 */
export const COLUMN_FIELD_KINDS = {
  id: 'text',
  partition: 'text',
  'meta.versionId': 'text',
  'meta.lastModified': 'timestamp',
  'meta.isDeleted': 'boolean',
} as const;

export type ColumnField = keyof typeof COLUMN_FIELD_KINDS;
export type ColumnFieldKind = (typeof COLUMN_FIELD_KINDS)[ColumnField];

// A Set, not `field in COLUMN_FIELD_KINDS`, so `constructor` or `toString` is not a column.
const COLUMN_FIELDS: ReadonlySet<string> = new Set(Object.keys(COLUMN_FIELD_KINDS));

/** The column a field maps to, or undefined when it is read from the JSON body. */
export function columnField(field: string): ColumnField | undefined {
  return COLUMN_FIELDS.has(field) ? (field as ColumnField) : undefined;
}

const OPS: readonly FilterOp[] = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'contains', 'startsWith', 'exists'];
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
// jsonb and jsonpath reject U+0000 and unpaired surrogates, so they must not reach PostgreSQL.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what must be caught
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2}):(\d{2})))?$/;
// Beyond this many the rest add nothing a client can act on, and the response stays small.
const MAX_ISSUES = 100;

interface Context {
  issues: Issue[];
  /** Filters seen so far, groups included. */
  count: number;
  /** Set once the count passes the limit: parsing stops and the breach is reported once. */
  full: boolean;
}

/**
 * Validates a query body and returns its filters, combined with AND (an empty list matches
 * everything). Returned objects are fresh and hold only the members of the grammar.
 *
 * @throws AppError BadRequest `'The query is invalid.'` with one issue per problem, each
 *   `path` naming the filter member (`0.or.1.value`); `''` when the body is not an array.
 */
export function parseFilters(body: unknown): Filter[] {
  const ctx: Context = { issues: [], count: 0, full: false };
  const filters = Array.isArray(body) ? parseList(body, '', 0, ctx) : (report(ctx, '', 'The query must be an array of filters.'), []);
  if (ctx.issues.length > 0) throw badRequest('The query is invalid.', ctx.issues);
  return filters;
}

function parseList(items: unknown[], path: string, depth: number, ctx: Context): Filter[] {
  const filters: Filter[] = [];
  for (let i = 0; i < items.length && !ctx.full; i++) {
    const itemPath = join(path, i);
    // Counted before descending so a huge body is refused without walking all of it.
    if (++ctx.count > FILTER_LIMITS.filters) {
      report(ctx, itemPath, `A query holds at most ${FILTER_LIMITS.filters} filters, groups included.`);
      ctx.full = true;
      break;
    }
    const filter = parseFilter(items[i], itemPath, depth, ctx);
    if (filter) filters.push(filter);
  }
  return filters;
}

function parseFilter(raw: unknown, path: string, depth: number, ctx: Context): Filter | undefined {
  if (!isObject(raw)) return report(ctx, path, 'A filter must be an object.');
  const keys = Object.keys(raw);
  const group = keys.filter((k) => k === 'and' || k === 'or');
  if (group.length === 0) return parseFieldFilter(raw, keys, path, ctx);
  if (group.length > 1) return report(ctx, path, 'A group holds either and or or, not both.');
  const kind = group[0] as 'and' | 'or';
  const extra = keys.find((k) => k !== kind);
  if (extra !== undefined) return report(ctx, path, `Unknown member ${quote(extra)}; a group holds only ${kind}.`);
  const members = raw[kind];
  const membersPath = join(path, kind);
  if (!Array.isArray(members) || members.length === 0) {
    return report(ctx, membersPath, `${kind} must be a non-empty array of filters.`);
  }
  if (depth >= FILTER_LIMITS.depth) {
    return report(ctx, path, `Groups nest at most ${FILTER_LIMITS.depth} deep.`);
  }
  const filters = parseList(members, membersPath, depth + 1, ctx);
  return kind === 'and' ? { and: filters } : { or: filters };
}

function parseFieldFilter(raw: Record<string, unknown>, keys: string[], path: string, ctx: Context): FieldFilter | undefined {
  const extra = keys.find((k) => k !== 'field' && k !== 'op' && k !== 'value');
  if (extra !== undefined) {
    return report(ctx, path, `Unknown member ${quote(extra)}; a filter holds field, op and value.`);
  }
  const field = parseField(raw.field, join(path, 'field'), ctx);
  const op = parseOp(raw.op, join(path, 'op'), ctx);
  if (field === undefined || op === undefined) return undefined;
  if (field === TEXT_SEARCH_FIELD) return parseTextSearch(op, raw.value, keys.includes('value'), path, ctx);
  const kind = columnField(field) ? COLUMN_FIELD_KINDS[field as ColumnField] : 'json';
  if ((op === 'contains' || op === 'startsWith') && kind !== 'json' && kind !== 'text') {
    return report(ctx, join(path, 'op'), `${op} applies only to text; ${field} is a ${kind}.`);
  }
  const valuePath = join(path, 'value');
  if (!keys.includes('value')) return report(ctx, valuePath, `${op} needs a value.`);
  const value = parseValue(op, kind, raw.value, valuePath, ctx);
  return value === undefined ? undefined : ({ field, op, value } as FieldFilter);
}

/** `_text` takes only `contains` and a value with 1 to 100 characters and at least one word. */
function parseTextSearch(op: FilterOp, raw: unknown, hasValue: boolean, path: string, ctx: Context): FieldFilter | undefined {
  if (op !== 'contains') return report(ctx, join(path, 'op'), `${TEXT_SEARCH_FIELD} takes op contains.`);
  const valid = hasValue && typeof raw === 'string' && raw.length <= FILTER_LIMITS.textLength && textSearchWords(raw).length > 0;
  if (!valid) {
    return report(
      ctx,
      join(path, 'value'),
      `${TEXT_SEARCH_FIELD} takes a string of 1 to ${FILTER_LIMITS.textLength} characters with at least one word.`,
    );
  }
  const value = checkString(raw, join(path, 'value'), ctx);
  return value === undefined ? undefined : { field: TEXT_SEARCH_FIELD, op, value };
}

function parseField(raw: unknown, path: string, ctx: Context): string | undefined {
  const segments = typeof raw === 'string' ? raw.split('.') : [];
  const valid = segments.length <= FILTER_LIMITS.segments && segments.every((s) => SEGMENT.test(s));
  if (typeof raw === 'string' && valid) return raw;
  return report(
    ctx,
    path,
    `field must be a dotted path of 1 to ${FILTER_LIMITS.segments} names, ` + 'each a letter or _ followed by letters, digits or _.',
  );
}

function parseOp(raw: unknown, path: string, ctx: Context): FilterOp | undefined {
  if (typeof raw === 'string' && (OPS as readonly string[]).includes(raw)) return raw as FilterOp;
  return report(ctx, path, `op must be one of ${OPS.join(', ')}.`);
}

type ValueKind = ColumnFieldKind | 'json';

/** Checks `raw` against what `op` on a field of `kind` takes; undefined after reporting. */
function parseValue(op: FilterOp, kind: ValueKind, raw: unknown, path: string, ctx: Context): FieldFilter['value'] | undefined {
  switch (op) {
    case 'eq':
    case 'ne':
      return raw === null ? null : parseScalar(kind, raw, path, ctx, ' or null');
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return parseScalar(kind, raw, path, ctx, '');
    case 'in':
      return parseInList(kind, raw, path, ctx);
    case 'contains':
    case 'startsWith':
      return typeof raw === 'string' ? checkString(raw, path, ctx) : report(ctx, path, `${op} takes a string.`);
    case 'exists':
      return typeof raw === 'boolean' ? raw : report(ctx, path, 'exists takes true or false.');
  }
}

function parseInList(kind: ValueKind, raw: unknown, path: string, ctx: Context): FilterScalar[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > FILTER_LIMITS.inValues) {
    return report(ctx, path, `in takes an array of 1 to ${FILTER_LIMITS.inValues} values.`);
  }
  const before = ctx.issues.length;
  const values = raw.map((v, i) => parseScalar(kind, v, join(path, i), ctx, ''));
  return ctx.issues.length === before ? (values as FilterScalar[]) : undefined;
}

const EXPECTED: Record<ValueKind, string> = {
  json: 'a string, a finite number or a boolean',
  text: 'a string',
  boolean: 'a boolean',
  timestamp: 'a date (YYYY-MM-DD) or date-time with offset (YYYY-MM-DDThh:mm:ss[.ffffff]Z or ±hh:mm)',
};

function parseScalar(kind: ValueKind, raw: unknown, path: string, ctx: Context, orNull: string): FilterScalar | undefined {
  const ok =
    (kind === 'json' && (typeof raw === 'string' || typeof raw === 'boolean' || Number.isFinite(raw))) ||
    (kind === 'text' && typeof raw === 'string') ||
    (kind === 'boolean' && typeof raw === 'boolean') ||
    (kind === 'timestamp' && typeof raw === 'string' && isTimestamp(raw));
  if (!ok) return report(ctx, path, `Expected ${EXPECTED[kind]}${orNull}.`);
  return typeof raw === 'string' ? checkString(raw, path, ctx) : (raw as FilterScalar);
}

function checkString(value: string, path: string, ctx: Context): string | undefined {
  if (value.length > FILTER_LIMITS.stringLength) {
    return report(ctx, path, `Strings hold at most ${FILTER_LIMITS.stringLength} characters.`);
  }
  if (UNSTORABLE.test(value)) return report(ctx, path, 'Strings may not hold U+0000 or unpaired surrogates.');
  return value;
}

/**
 * True for the timestamp forms the grammar accepts. Checked field by field, not with `Date`,
 * because `Date` rolls 2021-02-30 over to March while PostgreSQL rejects it with an error.
 */
export function isTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  // Absent time and offset parts read as 0; the defaults only satisfy the type checker.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = m
    .slice(1)
    .map((part) => Number(part ?? 0));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (
    year >= 1 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 14 && offsetMinute <= 59
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, part: string | number): string {
  return path === '' ? String(part) : `${path}.${part}`;
}

/** Quotes a client-chosen name for a message, cut short so a huge key is not echoed back. */
function quote(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

/** Records an issue (up to MAX_ISSUES) and returns undefined so callers can `return report(...)`. */
function report(ctx: Context, path: string, message: string): undefined {
  if (ctx.issues.length < MAX_ISSUES) ctx.issues.push({ path, message });
  return undefined;
}
