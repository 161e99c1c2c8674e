import {
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
}

export interface SearchPage {
  items: Resource[];
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
  const result = await db.query<{ body: Resource; id: string; sort_value: Date | string }>(
    `SELECT body, id, ${expression} AS sort_value FROM ${currentTable(type)}
     WHERE ${scope.where}${keyset}
     ORDER BY ${expression} ${direction}, id ${direction}
     LIMIT $${params.length}`,
    params,
  );
  const rows = result.rows;
  const more = rows.length > pageSize;
  const items = rows.slice(0, pageSize).map((r) => r.body);
  if (!more) return { items };
  const last = rows[pageSize - 1]!;
  const sortValue = last.sort_value instanceof Date ? last.sort_value.toISOString() : String(last.sort_value);
  return { items, continuationToken: ctx.tokens.sign(queryKey, { sortValue, id: last.id }) };
}

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
  if (request.filters.length > 0) where += ` AND ${compileFilters(request.filters, params)}`;
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
