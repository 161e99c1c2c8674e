import { HEADERS, type Filter, type Resource } from '@caseload/core';
import type { ApiClient } from '../../api/index.ts';
import { FETCH_ALL_PAGE_SIZE } from '../constants.ts';

/** What a list or query asks for (docs/api.md, `GET {Collection}` and `POST {Collection}/queries`). */
export interface ListQuery {
  /** Combined with AND; none (or an empty list) lists everything. */
  filters?: Filter[];
  /** One patient's partition (`x-partition-key`). */
  partition?: string;
  /** Across patients, for patient-partitioned types (`x-enable-cross-partition`). */
  crossPartition?: boolean;
  orderBy?: string;
  order?: 'asc' | 'desc';
}

/**
 * Every match of a list or query, fetched in pages of FETCH_ALL_PAGE_SIZE (100), each page asking
 * for the next with the `x-continuation-token` the previous one answered, until none comes.
 */
export async function fetchAll<T extends Resource = Resource>(api: ApiClient, path: string, query: ListQuery = {}): Promise<T[]> {
  const params = new URLSearchParams({ pageSize: String(FETCH_ALL_PAGE_SIZE) });
  if (query.orderBy) params.set('orderBy', query.orderBy);
  if (query.order) params.set('order', query.order);
  const headers: Record<string, string> = {};
  if (query.partition !== undefined) headers[HEADERS.partitionKey] = query.partition;
  else if (query.crossPartition) headers[HEADERS.enableCrossPartition] = 'true';
  const filters = query.filters && query.filters.length > 0 ? query.filters : undefined;
  const all: T[] = [];
  let continuation: string | undefined;
  do {
    const pageHeaders = continuation ? { ...headers, [HEADERS.continuationToken]: continuation } : headers;
    const page = filters
      ? await api.send<T[]>('POST', `${path}/queries?${params}`, { body: filters, headers: pageHeaders })
      : await api.send<T[]>('GET', `${path}?${params}`, { headers: pageHeaders });
    all.push(...(page.body ?? []));
    continuation = page.headers.get(HEADERS.continuationToken) ?? undefined;
  } while (continuation);
  return all;
}

/** `items` split into consecutive chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
