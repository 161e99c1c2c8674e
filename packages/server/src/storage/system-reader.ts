import {
  getResourceType,
  storedPracticeOf,
  type Action,
  type Filter,
  type Reference,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { Queryable } from '../db/database.ts';
import { compileFilters } from './filter-sql.ts';
import type { RepositoryContext, ResourceRow } from './repository-context.ts';
import { ROW_COLUMNS, selectVersion } from './resource-rows.ts';
import { currentTable } from './table-names.ts';

/** A type, or its name (`'NoteRule'`). */
export type TypeRef = ResourceTypeDefinition | string;

/** A caller's reach, for reads the server makes on a caller's behalf: its policy and the action. */
export interface Reach {
  access: AccessPolicy;
  /** Read unless said (the reach of an update may be narrower: owned records). */
  action?: Action;
}

/**
 * What a system read asks for: typed values, never SQL. Every member narrows the rows (AND).
 * Without `includeDeleted` only live rows count: not deleted, not past their time-to-live.
 */
export interface SystemQuery {
  /** Query-grammar filters (docs/query-grammar.md), as a client would send them. */
  filters?: readonly Filter[];
  /** One patient's chart. */
  partition?: string;
  /** Only these ids. */
  ids?: readonly string[];
  /** Rows whose body names `reference` at one of `paths` (dotted, through lists): who points at a patient. */
  naming?: { reference: Pick<Reference, 'resourceType' | 'id'>; paths: readonly string[] };
  /** Only rows this caller reaches (AccessPolicy.rowCondition). */
  reachableBy?: Reach;
  /** Only rows this caller does not reach. */
  outsideReachOf?: Reach;
  /** Deleted and expired rows too (a merge moves a chart's tombstones with it). */
  includeDeleted?: boolean;
  /** At most this many, in id order. */
  limit?: number;
}

/**
 * Reads made as the server itself, inside one practice: rules and configuration a call is checked
 * against whatever its caller may read (a signature configuration, the practice's preferences),
 * the rows a merge locks, the facts an access rule looks up. They check no permission and write
 * no audit event, so what they find must not reach a caller unchecked: a service hands on only
 * what its own rule needs (a count, a yes or no, a time), or reads with `reachableBy`.
 *
 * The one way services read resource tables without the caller's repository: typed filters go
 * through the query grammar's compiler (filter-sql.ts), so no SQL text is written outside storage.
 * Results come in id order.
 */
export class SystemReader {
  constructor(
    private readonly db: Queryable,
    readonly practiceId: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Matching resources, in id order. */
  async list<T extends Resource = Resource>(type: TypeRef, query: SystemQuery = {}): Promise<T[]> {
    const { sql, params } = this.select(typeOf(type), 'body', query);
    return (await this.db.query<{ body: T }>(sql, params)).rows.map((row) => row.body);
  }

  /** One resource by id, if it matches the query (live, unless `includeDeleted`). */
  async get<T extends Resource = Resource>(
    type: TypeRef,
    id: string,
    query: Omit<SystemQuery, 'ids' | 'limit'> = {},
  ): Promise<T | undefined> {
    const [found] = await this.list<T>(type, { ...query, ids: [id], limit: 1 });
    return found;
  }

  /** Whether any row matches. */
  async exists(type: TypeRef, query: SystemQuery = {}): Promise<boolean> {
    const { sql, params } = this.select(typeOf(type), '1', { ...query, limit: 1 });
    return (await this.db.query(sql, params)).rows.length > 0;
  }

  /**
   * Matching resources, each marked with whether `reach` reaches it: for a rule that must count
   * what it cannot show (another patient's overlapping session) and show only what it may.
   */
  async listWithReach<T extends Resource = Resource>(
    type: TypeRef,
    query: SystemQuery,
    reach: Reach,
  ): Promise<{ resource: T; reached: boolean }[]> {
    const t = typeOf(type);
    const params: unknown[] = [];
    const where = this.where(t, query, params);
    const reached = reach.access.rowCondition(t, params, '', reach.action ?? 'Read');
    const sql = `SELECT body, ${reached} AS reached FROM ${currentTable(t)} WHERE ${where} ORDER BY id${limitOf(query, params)}`;
    return (await this.db.query<{ body: T; reached: boolean }>(sql, params)).rows.map((row) => ({
      resource: row.body,
      reached: row.reached,
    }));
  }

  /**
   * The ids among `ids` of live rows `reach` reaches. A caller who reaches every row of the type
   * reaches every id asked about, read or not: nothing is looked up.
   */
  async reachedIds(type: TypeRef, ids: readonly string[], reach: Reach): Promise<Set<string>> {
    const t = typeOf(type);
    if (ids.length === 0) return new Set();
    if (reach.access.reachesEvery(t, reach.action)) return new Set(ids);
    const { sql, params } = this.select(t, 'id', { ids, reachableBy: reach });
    return new Set((await this.db.query<{ id: string }>(sql, params)).rows.map((row) => row.id));
  }

  /**
   * Whole stored rows (version, deletion, expiry), for a caller that writes them next through
   * `ResourceRepository.rewrite`; with `lock`, locked until the transaction ends (FOR UPDATE).
   */
  async rows(type: TypeRef, query: SystemQuery & { lock?: boolean }): Promise<ResourceRow[]> {
    const { sql, params } = this.select(typeOf(type), ROW_COLUMNS, query);
    return (await this.db.query<ResourceRow>(`${sql}${query.lock ? ' FOR UPDATE' : ''}`, params)).rows;
  }

  /** The ids among `ids` that name stored rows (live ones, unless `includeDeleted`). */
  async storedIds(type: TypeRef, ids: readonly string[], query: Pick<SystemQuery, 'includeDeleted'> = {}): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { sql, params } = this.select(typeOf(type), 'id', { ...query, ids });
    return new Set((await this.db.query<{ id: string }>(sql, params)).rows.map((row) => row.id));
  }

  /** One stored version of a resource by its version id, current or historical, if it was kept. */
  async version<T extends Resource = Resource>(type: TypeRef, id: string, versionId: string): Promise<T | undefined> {
    const t = typeOf(type);
    return (await selectVersion(this.db, t, storedPracticeOf(t, this.practiceId), id, versionId)) as T | undefined;
  }

  /** The patients whose charts hold live rows of a partitioned type (the demo's charts with notes). */
  async partitions(type: TypeRef, query: Pick<SystemQuery, 'includeDeleted'> = {}): Promise<string[]> {
    const t = typeOf(type);
    const params: unknown[] = [];
    const where = this.where(t, query, params);
    const r = await this.db.query<{ partition: string }>(
      `SELECT DISTINCT partition FROM ${currentTable(t)} WHERE ${where} AND partition IS NOT NULL`,
      params,
    );
    return r.rows.map((row) => row.partition);
  }

  private select(type: ResourceTypeDefinition, columns: string, query: SystemQuery): { sql: string; params: unknown[] } {
    const params: unknown[] = [];
    const where = this.where(type, query, params);
    return { sql: `SELECT ${columns} FROM ${currentTable(type)} WHERE ${where} ORDER BY id${limitOf(query, params)}`, params };
  }

  /** The WHERE of `query`; `$1` is always the practice id, as the access conditions expect. */
  private where(type: ResourceTypeDefinition, query: SystemQuery, params: unknown[]): string {
    params.push(storedPracticeOf(type, this.practiceId));
    const parts = ['practice_id = $1'];
    const bind = (value: unknown) => `$${params.push(value)}`;
    if (!query.includeDeleted) parts.push(`NOT is_deleted AND (expires_at IS NULL OR expires_at > ${bind(this.clock())})`);
    if (query.partition !== undefined) parts.push(`partition = ${bind(query.partition)}`);
    if (query.ids !== undefined) parts.push(`id = ANY(${bind(query.ids)}::text[])`);
    if (query.naming) parts.push(`(${namingCondition(query.naming, bind)})`);
    if (query.reachableBy) parts.push(query.reachableBy.access.rowCondition(type, params, '', query.reachableBy.action ?? 'Read'));
    if (query.outsideReachOf)
      parts.push(`NOT (${query.outsideReachOf.access.rowCondition(type, params, '', query.outsideReachOf.action ?? 'Read')})`);
    if (query.filters?.length) parts.push(compileFilters(query.filters, params, type));
    return parts.join(' AND ');
  }
}

/** A reader in a repository call's database and practice (a write rule's transaction). */
export function systemReader(db: Queryable, ctx: Pick<RepositoryContext, 'practiceId' | 'clock'>): SystemReader {
  return new SystemReader(db, ctx.practiceId, ctx.clock);
}

function typeOf(type: TypeRef): ResourceTypeDefinition {
  if (typeof type !== 'string') return type;
  const found = getResourceType(type);
  if (!found) throw new Error(`Unknown resource type ${type}`);
  return found;
}

function limitOf(query: SystemQuery, params: unknown[]): string {
  return query.limit === undefined ? '' : ` LIMIT $${params.push(query.limit)}`;
}

/**
 * `body @? '$."a"."b" ? (@.resourceType == "Patient" && @.id == "{id}")' OR ...` for each path: the
 * reference matched as one object, so a list naming the type in one element and the id in another
 * does not count. jsonpath tests the `jsonb_path_ops` index of every table serves, so looking for
 * who names a patient never scans a million notes.
 */
function namingCondition(naming: NonNullable<SystemQuery['naming']>, bind: (value: unknown) => string): string {
  const { resourceType, id } = naming.reference;
  return naming.paths
    .map((path) => {
      const accessor = path
        .split('.')
        .map((segment) => `.${JSON.stringify(segment)}`)
        .join('');
      const bound = bind(`$${accessor} ? (@.resourceType == ${JSON.stringify(resourceType)} && @.id == ${JSON.stringify(id)})`);
      return `body @? ${bound}::jsonpath`;
    })
    .join(' OR ');
}
