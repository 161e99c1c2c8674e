import {
  badRequest,
  type Filter,
  type Resource,
  type ResourceTypeDefinition,
  type SortFieldName,
  type SortFieldSource,
} from '@caseload/core';
import { PreparedFamily, type Queryable, type Statement } from '../db/database.ts';
import { ContinuationTokens } from './continuation-token.ts';
import { compileFilters, searchesText, walkFirst, type WalkSplit } from './filter-sql.ts';
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
   * and serialising them back (docs/performance.md, "Bodies go out as stored").
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

/** The WHERE of a collection's live rows a request may see (practice, partition, filters), with its parameters. */
interface RowCondition {
  where: string;
  params: unknown[];
}

/**
 * One page of a collection in keyset order (sort value, then id), never OFFSET: page 1,000 costs
 * what page 1 costs. Filters become parameterised SQL; no client text reaches SQL as text.
 *
 * Most pages are one statement and the planner's choice. Two kinds of filter get a strategy of
 * their own, because PostgreSQL cannot estimate how many rows they match: a text search finds its
 * matches first (`searchesText`), and an equality on a body field walks the sort order a bounded
 * way first (`walkFirst` in filter-sql.ts). Either falls back to the next way when its own gives
 * no whole page, ending with the plain statement; every way answers the same rows.
 *
 * A search the request's sort, page size, token or filters refuse throws when called, not in the
 * promise: the caller can start auditing it once it is under way (ResourceRepository.search).
 */
export function searchResources(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  request: SearchRequest,
): Promise<SearchPage> {
  const { name: orderBy, source } = resolveSort(type, request.orderBy);
  const descending = resolveDescending(source, request.order);
  const pageSize = resolvePageSize(request.pageSize);
  const expression = sortExpression(source);
  const queryKey = ContinuationTokens.queryKey([
    ctx.practiceId,
    type.name,
    orderBy,
    descending,
    request.partition ?? null,
    request.filters,
  ]);
  const cursor = request.continuationToken ? ctx.tokens.verify(request.continuationToken, queryKey) : undefined;
  const direction = descending ? 'DESC' : 'ASC';
  const table = currentTable(type);
  const order = `ORDER BY sort_value ${direction}, id ${direction}`;
  // The sort index's own expression, so the planner can walk the index in this order.
  const indexOrder = `ORDER BY ${expression} ${direction}, id ${direction}`;
  /**
   * `SELECT {columns}, sort_value` of the rows in scope matching `filters` after the token's row,
   * its parameters, and the page's LIMIT (bound last).
   */
  const statement = (filters: readonly Filter[], columns = 'body, id') => {
    const condition = rowConditionOf(ctx, type, request, filters);
    let keyset = '';
    if (cursor) {
      condition.params.push(cursor.sortValue, cursor.id);
      const cast = isTimestampSort(source) ? '::timestamptz' : '';
      const n = condition.params.length;
      keyset = ` AND (${expression}, id) ${descending ? '<' : '>'} ($${n - 1}${cast}, $${n})`;
    }
    const select = `SELECT ${columns}, ${expression} AS sort_value FROM ${table} WHERE ${condition.where}${keyset}`;
    return { select, params: condition.params, limit: () => `LIMIT ${bind(condition.params, pageSize + 1)}` };
  };
  // `body::text` comes back from pg as the string PostgreSQL prints, which is already JSON. It is
  // applied to the page only: in the page's own SELECT, PostgreSQL would print the body of every
  // match before sorting them (a bitmap scan feeds a top-N sort), and printing hundreds of bodies
  // to keep 21 multiplied a query's cost (docs/performance.md, "Bodies go out as stored").
  const pageSql = (sql: string, more = '') =>
    request.asJson ? `SELECT body::text AS body, id, sort_value${more} FROM (${sql}) page ${order}` : sql;
  type Row = { body: Resource | string; id: string; sort_value: Date | string; matched?: string };
  /** Up to FILTER_FIRST_ROWS + 1 matches with their bodies, sorted for the page. */
  const matchFirst = (): Query => {
    const { select, params, limit } = statement(request.filters);
    return {
      text: pageSql(
        `WITH matched AS MATERIALIZED (${select} LIMIT ${FILTER_FIRST_ROWS + 1})
       SELECT body, id, sort_value, (SELECT count(*) FROM matched) AS matched
       FROM matched ${order} ${limit()}`,
        ', matched',
      ),
      params,
    };
  };
  /**
   * `matchFirst` for a body equality: the matches (from the body's GIN index) are kept as ids and
   * sort values, and the page's bodies read by id after. Holding and sorting up to 2,001 whole
   * bodies made the statement several times slower (docs/performance.md, "Body filters: walk
   * first, then look up").
   */
  const lookUp = (): Query => {
    const { select, params, limit } = statement(request.filters, 'id');
    return {
      text: pageSql(
        `WITH matched AS MATERIALIZED (${select} LIMIT ${FILTER_FIRST_ROWS + 1}),
       first AS (SELECT id, sort_value FROM matched ${order} ${limit()})
       SELECT t.body, first.id, first.sort_value, (SELECT count(*) FROM matched) AS matched
       FROM first JOIN ${table} t ON t.practice_id = $1 AND t.id = first.id
       ORDER BY first.sort_value ${direction}, first.id ${direction}`,
        ', matched',
      ),
      params,
    };
  };
  /**
   * The first rows of the sort order, tested one by one: a whole page when the value is common.
   * Every column goes up to the tests, which may read any of them. Prepared, unlike the other
   * searches: the LIMIT keeps the tests out of the walk, so its plan is the sort index's first
   * rows whatever the values, and a plan kept per connection saves planning it for every query
   * (docs/performance.md, "Pages prepared").
   */
  const walked = (walk: WalkSplit): Query => {
    const { select, params, limit } = statement(walk.inWalk, '*');
    const tests = compileFilters(walk.onRows, params, type);
    const stretch = `${select} ${indexOrder} LIMIT ${walkRows(pageSize)}`;
    return {
      text: WALKS.statement(pageSql(`SELECT body, id, sort_value FROM (${stretch}) walked WHERE ${tests} ${order} ${limit()}`)),
      params,
    };
  };
  /** The one statement: the sort index walked for the whole page, or whatever the planner finds better. */
  const plain = (): Query => {
    const { select, params, limit } = statement(request.filters);
    const sql = pageSql(`${select} ${indexOrder} ${limit()}`);
    // Unfiltered, a page is the sort index's rows in scope whatever the values: prepared, as the
    // walk is. A filtered one is planned for its values (a rare author, a common status).
    return { text: request.filters.length === 0 ? UNFILTERED.statement(sql) : sql, params };
  };

  // The ways to answer, in order. Every way answers the same rows; one that cannot answer this
  // page gives way to the next, ending with the plain statement.
  const ways: Way<Row>[] = [];
  const walk = walkFirst(request.filters, type);
  if (walk) ways.push({ build: () => walked(walk), answers: (rows) => rows.length > pageSize });
  if (walk || searchesText(request.filters)) {
    // Matches first, then sorted; given up (for the walk below) when there are too many to sort.
    // For every text search: PostgreSQL cannot estimate how many rows one matches (it guessed
    // 2,000 of 100,000 for "o'con", where 60 match), so left alone it walks the Name index and, for
    // a rare word late in the alphabet, tests most of the table in index order. Matching
    // first costs at most one scan of the searchable text, and much less when the words have
    // trigrams for the trigram index or the caller reaches only a care team or a program. For a
    // body equality whose walk came back short, the body's GIN index finds the matches.
    ways.push({ build: walk ? lookUp : matchFirst, answers: (rows) => Number(rows[0]?.matched ?? 0) <= FILTER_FIRST_ROWS });
  }
  ways.push({ build: plain, answers: () => true });
  // Built now, before anything runs: building a way's statement compiles every filter, so a
  // search its filters refuse throws here, before the caller audits it (ResourceRepository.search).
  const first = ways[0]!.build();

  return (async () => {
    let rows: Row[] = [];
    for (const [i, way] of ways.entries()) {
      const query = i === 0 ? first : way.build();
      rows = (await db.query<Row>(query.text, query.params)).rows;
      if (way.answers(rows)) break;
    }
    const more = rows.length > pageSize;
    const page: SearchPage = request.asJson
      ? { items: [], json: jsonArray(rows, pageSize) }
      : { items: rows.slice(0, pageSize).map((r) => r.body as Resource) };
    if (!more) return page;
    const last = rows[pageSize - 1]!;
    const sortValue = last.sort_value instanceof Date ? last.sort_value.toISOString() : String(last.sort_value);
    page.continuationToken = ctx.tokens.sign(queryKey, { sortValue, id: last.id });
    return page;
  })();
}

/** A statement and its parameters. */
interface Query {
  text: Statement;
  params: unknown[];
}

/** One way a search can answer: its statement, and whether the rows it found answer the page. */
interface Way<Row> {
  build(): Query;
  answers(rows: Row[]): boolean;
}

/**
 * How many rows a walk-first page tests before it looks its matches up instead: 20 per row of the
 * page, and at least 2,000. A value shared by more than 1 row in 20 (5 %) fills a page within it.
 * Rarer values cost that walk and then the GIN look-up, which is quick for them.
 */
function walkRows(pageSize: number): number {
  return Math.max(2000, 20 * (pageSize + 1));
}

/**
 * The walks' texts vary with the filters' shape, the caller's kind of reach, a token and the page
 * size; the few in everyday use are prepared, and a client sending endless variants gets plain
 * statements for the rest.
 */
const WALKS = new PreparedFamily(200);

/** Unfiltered pages: their texts vary only with the sort, the scope and a token, so they are few. */
const UNFILTERED = new PreparedFamily(200);

/** `[body,body,...]` from the first `count` rows' JSON texts. */
function jsonArray(rows: readonly { body: unknown }[], count: number): string {
  const n = Math.min(rows.length, count);
  if (n === 0) return '[]';
  let json = '[' + (rows[0]!.body as string);
  for (let i = 1; i < n; i++) json += ',' + (rows[i]!.body as string);
  return json + ']';
}

/**
 * The most matches a matches-first page sorts. Beyond it the value is common (2 % of 100,000
 * patients), so walking the sort index finds a page within a few thousand rows, while sorting
 * every match would not stop ("mrn" matches every patient).
 */
const FILTER_FIRST_ROWS = 2000;

/**
 * How many resources match, under the same scope rules as a search; like `searchResources`, a
 * refused request throws when called.
 */
export function countResources(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  request: Pick<SearchRequest, 'filters' | 'partition' | 'crossPartition'>,
): Promise<number> {
  const condition = rowConditionOf(ctx, type, request);
  return db
    .query<{ count: string }>(`SELECT count(*) AS count FROM ${currentTable(type)} WHERE ${condition.where}`, condition.params)
    .then((result) => Number(result.rows[0]!.count));
}

/** The first live resource matching every filter, across partitions (if-none-exist). */
export async function findFirst(
  db: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  filters: Filter[],
): Promise<Resource | undefined> {
  const condition = rowConditionOf(ctx, type, { filters, crossPartition: true });
  const result = await db.query<{ body: Resource }>(
    `SELECT body FROM ${currentTable(type)} WHERE ${condition.where} ORDER BY id LIMIT 1`,
    condition.params,
  );
  return result.rows[0]?.body;
}

function rowConditionOf(
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  request: Pick<SearchRequest, 'filters' | 'partition' | 'crossPartition'>,
  filters: readonly Filter[] = request.filters,
): RowCondition {
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
  if (filters.length > 0) where += ` AND ${compileFilters(filters, params, type)}`;
  return { where, params };
}

function bind(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
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
