import {
  TEXT_SEARCH_FIELD,
  badRequest,
  type Filter,
  type Resource,
  type ResourceTypeDefinition,
  type SortFieldName,
  type SortFieldSource,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { ContinuationTokens } from './continuation-token.ts';
import { compileFilters } from './filter-sql.ts';
import type { RepositoryContext } from './repository-context.ts';
import { isTimestampSort, sortExpression } from './sort-sql.ts';
import { currentTable } from './table-names.ts';

export interface SearchRequest {
  filters: Filter[];
  orderBy?: string;
  order?: string;
  pageSize?: string | number;
  continuationToken?: string;
  /** One patient's partition; required for partitioned types unless crossPartition. */
  partition?: string;
  crossPartition?: boolean;
  /**
   * Answer with the page as JSON text made of the stored bodies (`SearchPage.json`) instead of
   * parsed items: for pages sent to the client unchanged, it saves parsing every body into objects
   * and serialising them back (docs/performance.md).
   */
  asJson?: boolean;
}

export interface SearchPage {
  /** The page's resources; empty when the request asked for `asJson`. */
  items: Resource[];
  /** With `asJson`: the page as a JSON array, each element a body exactly as stored. */
  json?: string;
  continuationToken?: string;
}

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

interface Scope {
  where: string;
  params: unknown[];
}

/**
 * One page of a collection in keyset order (sort value, then id), never OFFSET: page 1,000 costs
 * what page 1 costs. Filters become parameterised SQL; no client text reaches SQL as text.
 */
export async function searchResources(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  request: SearchRequest,
): Promise<SearchPage> {
  const { name: orderBy, source } = resolveSort(type, request.orderBy);
  const descending = resolveDescending(source, request.order);
  const pageSize = resolvePageSize(request.pageSize);
  const scope = scopeOf(ctx, type, request);
  const expression = sortExpression(source);
  const queryKey = ContinuationTokens.queryKey([
    ctx.practiceId, type.name, orderBy, descending, request.partition ?? null, request.filters,
  ]);
  const params = scope.params;
  let keyset = '';
  if (request.continuationToken) {
    const cursor = ctx.tokens.verify(request.continuationToken, queryKey);
    params.push(cursor.sortValue, cursor.id);
    const cast = isTimestampSort(source) ? '::timestamptz' : '';
    const n = params.length;
    keyset = ` AND (${expression}, id) ${descending ? '<' : '>'} ($${n - 1}${cast}, $${n})`;
  }
  const direction = descending ? 'DESC' : 'ASC';
  params.push(pageSize + 1);
  const select = `SELECT body, id, ${expression} AS sort_value FROM ${currentTable(type)} WHERE ${scope.where}${keyset}`;
  const order = `ORDER BY sort_value ${direction}, id ${direction}`;
  const limit = `LIMIT $${params.length}`;
  // `body::text` comes back from pg as the string PostgreSQL prints, which is already JSON. It is
  // applied to the page only: in the page's own SELECT, PostgreSQL would print the body of every
  // match before sorting them (a bitmap scan feeds a top-N sort), and printing 500 bodies to keep
  // 21 tripled a query's cost (docs/performance.md, "The query's PostgreSQL CPU").
  const pageSql = (sql: string, more = '') => (request.asJson ? `SELECT body::text AS body, id, sort_value${more} FROM (${sql}) page ${order}` : sql);
  type Row = { body: Resource | string; id: string; sort_value: Date | string; matched?: string };
  let rows: Row[] | undefined;
  if (filtersFirst(request.filters)) {
    // Matches first, then sorted; given up (for the walk below) when there are too many to sort.
    const found = await db.query<Row>(
      pageSql(`WITH matched AS MATERIALIZED (${select} LIMIT ${FILTER_FIRST_ROWS + 1})
       SELECT body, id, sort_value, (SELECT count(*) FROM matched) AS matched
       FROM matched ${order} ${limit}`, ', matched'),
      params,
    );
    if (Number(found.rows[0]?.matched ?? 0) <= FILTER_FIRST_ROWS) rows = found.rows;
  }
  rows ??= (await db.query<Row>(pageSql(`${select} ORDER BY ${expression} ${direction}, id ${direction} ${limit}`), params)).rows;
  const more = rows.length > pageSize;
  const page: SearchPage = request.asJson ? { items: [], json: jsonArray(rows, pageSize) } : { items: rows.slice(0, pageSize).map((r) => r.body as Resource) };
  if (!more) return page;
  const last = rows[pageSize - 1]!;
  const sortValue = last.sort_value instanceof Date ? last.sort_value.toISOString() : String(last.sort_value);
  page.continuationToken = ctx.tokens.sign(queryKey, { sortValue, id: last.id });
  return page;
}

/** `[body,body,...]` from the first `count` rows' JSON texts. */
function jsonArray(rows: readonly { body: unknown }[], count: number): string {
  const n = Math.min(rows.length, count);
  if (n === 0) return '[]';
  let json = '[' + (rows[0]!.body as string);
  for (let i = 1; i < n; i++) json += ',' + (rows[i]!.body as string);
  return json + ']';
}

/**
 * Whether a page should find its matches before it orders them, rather than walk the sort index
 * testing each row: for every text search. PostgreSQL cannot estimate how many rows a text search
 * matches (it guessed 2,000 of 100,000 for "o'con", where 60 match), so left alone it walks the
 * Name index and, for a rare word late in the alphabet, tests most of the table in index order
 * (0.5 s). Matching first costs at most one scan of the searchable text, and much less when the
 * words have trigrams (3 letters or digits in a row) for the trigram index, or the caller reaches
 * only a care team or a program. Common words match more than FILTER_FIRST_ROWS, which stops that
 * first try early, and then the walk finds a page within the first few thousand rows.
 */
function filtersFirst(filters: readonly Filter[]): boolean {
  return filters.some((f) => ('and' in f ? filtersFirst(f.and) : 'or' in f ? filtersFirst(f.or) : f.field === TEXT_SEARCH_FIELD));
}

/**
 * The most matches a filters-first page sorts. Beyond it the words are common (2 % of 100,000
 * patients), so walking the sort index finds a page within a few thousand rows, while sorting
 * every match would not stop ("mrn" matches every patient).
 */
const FILTER_FIRST_ROWS = 2000;

/** How many resources match, under the same scope rules as a search. */
export async function countResources(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  request: Pick<SearchRequest, 'filters' | 'partition' | 'crossPartition'>,
): Promise<number> {
  const scope = scopeOf(ctx, type, request);
  const result = await db.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${currentTable(type)} WHERE ${scope.where}`,
    scope.params,
  );
  return Number(result.rows[0]!.count);
}

/** The first live resource matching every filter, across partitions (if-none-exist). */
export async function findFirst(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  filters: Filter[],
): Promise<Resource | undefined> {
  const scope = scopeOf(ctx, type, { filters, crossPartition: true });
  const result = await db.query<{ body: Resource }>(
    `SELECT body FROM ${currentTable(type)} WHERE ${scope.where} ORDER BY id LIMIT 1`,
    scope.params,
  );
  return result.rows[0]?.body;
}

function scopeOf(
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  request: Pick<SearchRequest, 'filters' | 'partition' | 'crossPartition'>,
): Scope {
  const params: unknown[] = [ctx.practiceId, ctx.clock()];
  let where = 'practice_id = $1 AND NOT is_deleted AND (expires_at IS NULL OR expires_at > $2)';
  if (request.partition !== undefined) {
    if (!type.partitioned) throw badRequest(`${type.name} is not patient-partitioned; remove the partition key.`);
    params.push(request.partition);
    where += ` AND partition = $${params.length}`;
  } else if (type.partitioned && !request.crossPartition) {
    throw badRequest(
      `${type.name} is partitioned by patient: send the x-partition-key header, or x-enable-cross-partition: true to read across patients.`,
    );
  }
  // Only the caller's patients: a SQL condition in the query itself, never a filter afterwards.
  const reach = ctx.access.rowCondition(type, params);
  if (reach !== 'TRUE') where += ` AND ${reach}`;
  if (request.filters.length > 0) where += ` AND ${compileFilters(request.filters, params, type)}`;
  return { where, params };
}

function resolveSort(type: ResourceTypeDefinition, orderBy: string | undefined) {
  const name = (orderBy ?? 'LastModified') as SortFieldName;
  // Own properties only: `constructor` or `__proto__` must be unknown sort fields, not prototypes.
  const source = Object.hasOwn(type.sortFields, name) ? type.sortFields[name] : undefined;
  if (!source) {
    const known = Object.keys(type.sortFields).join(', ');
    throw badRequest(`${orderBy} is not a sort field of ${type.name}; use one of ${known}.`);
  }
  return { name, source };
}

/** Timestamps default to newest first, everything else to A to Z. */
function resolveDescending(source: SortFieldSource, order: string | undefined): boolean {
  if (order === undefined || order === '') return isTimestampSort(source) || isCreated(source);
  const o = order.toLowerCase();
  if (o === 'asc' || o === 'ascending') return false;
  if (o === 'desc' || o === 'descending') return true;
  throw badRequest(`order must be asc or desc, got "${order}".`);
}

function isCreated(source: SortFieldSource): boolean {
  return 'path' in source && source.path.length === 1 && source.path[0] === 'created';
}

function resolvePageSize(value: string | number | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) {
    throw badRequest(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  }
  return n;
}
