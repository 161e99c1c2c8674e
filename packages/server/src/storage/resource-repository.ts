import { randomUUID } from 'node:crypto';
import {
  AppError,
  ErrorCodes,
  MESSAGES,
  applyResourcePatch,
  assertCreatable,
  assertScalarFields,
  assertUpdatable,
  badRequest,
  conflict,
  gone,
  notFound,
  type Action,
  type AuditAction,
  type Filter,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { resourceAudit } from '../audit/resource-audit.ts';
import { runDeferrable, unlockedReader, type Queryable } from '../db/database.ts';
import { notifiesCallerChanges } from '../db/resource-tables.ts';
import { beforeWrite, writeError, writeGuards } from './resource-hooks.ts';
import { buildVersion } from './resource-version.ts';
import {
  insertStatement,
  isExpired,
  selectCurrent,
  selectCurrentJson,
  selectHistory,
  selectVersion,
  updateStatement,
  writeOutcome,
  type RowCondition,
} from './resource-rows.ts';
import type { RepositoryContext, ResourceRow } from './repository-context.ts';
import { countResources, findFirst, searchResources, type SearchPage, type SearchRequest } from './resource-search.ts';

export interface CreateResult {
  resource: Resource;
  /** False when an if-none-exist condition matched an existing resource instead. */
  created: boolean;
}

/**
 * An Idempotency-Key for the repository's next write statement to claim (http/idempotency.ts);
 * `taken` says whether a statement carried it.
 */
export interface PendingKeyClaim {
  practiceId: string;
  key: string;
  requestHash: string;
  taken: boolean;
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Reads and writes resources of one practice for one caller. Every method checks the caller's
 * permission for the type and action first, reads only rows inside the caller's patients (the
 * condition is part of the query, so an out-of-reach row is a 404 like a missing one), and
 * audits: writes in their own write statement, reads before they answer. Of two writers with the
 * same versionId exactly one wins: the write statement only writes over the version read.
 */
export class ResourceRepository {
  constructor(
    private readonly ctx: RepositoryContext,
    /** Set when this repository works inside a transaction someone else opened. */
    private readonly scope?: Queryable,
    /** An idempotency key the first write statement stores with its answer. */
    private readonly claim?: PendingKeyClaim,
  ) {}

  /** A repository whose writes all join one transaction (used for idempotent writes). */
  async inTransaction<T>(work: (repo: ResourceRepository) => Promise<T>): Promise<T> {
    if (this.scope) return work(this);
    return this.ctx.db.transaction((tx) => work(new ResourceRepository(this.ctx, tx, this.claim)));
  }

  /**
   * This repository, with its next write statement claiming `claim` (for routes whose answer is
   * the version written: 201, 200, or 204 for a delete).
   */
  claiming(claim: PendingKeyClaim): ResourceRepository {
    return new ResourceRepository(this.ctx, this.scope, claim);
  }

  get queryable(): Queryable {
    return this.scope ?? this.ctx.db;
  }

  async read(type: ResourceTypeDefinition, id: string, partition?: string): Promise<Resource> {
    const row = await this.guardedRead(type, 'Read', id);
    const resource = this.visible(row, partition).body as Resource;
    await this.ctx.audit.record(resourceAudit(this.ctx, type, 'R', resource));
    return resource;
  }

  /**
   * `read` answered with the body's stored JSON text as it is, for a caller that sends it on
   * unchanged: the same checks, 404/410 and audit, without parsing and re-serialising the body.
   */
  async readJson(type: ResourceTypeDefinition, id: string, partition?: string): Promise<string> {
    this.ctx.access.assertCan('Read', type);
    const row = await selectCurrentJson(this.queryable, type, this.ctx.practiceId, id, this.reach(type));
    const visible = this.visible(row as ResourceRow | undefined, partition);
    await this.ctx.audit.record(resourceAudit(this.ctx, type, 'R', { id: visible.id, partition: visible.partition }));
    return row!.body;
  }

  async readVersion(type: ResourceTypeDefinition, id: string, versionId: string, partition?: string): Promise<Resource> {
    const row = await this.guardedRead(type, 'Read', id);
    if (!row || isExpired(row, this.ctx.clock())) throw notFound();
    if (partition !== undefined && row.partition !== partition) throw notFound();
    let resource = row.body as Resource;
    if (row.version_id !== versionId) {
      const version = await selectVersion(this.queryable, type, this.ctx.practiceId, id, versionId);
      if (!version) throw notFound();
      resource = { ...version, meta: { ...version.meta, isHistorical: true } };
    }
    await this.ctx.audit.record(resourceAudit(this.ctx, type, 'R', { id, versionId, partition: row.partition }));
    return resource;
  }

  /** Every kept version, newest first; older ones are marked `meta.isHistorical`. */
  async history(type: ResourceTypeDefinition, id: string, partition?: string): Promise<Resource[]> {
    const row = await this.guardedRead(type, 'Read', id);
    if (!row || isExpired(row, this.ctx.clock())) throw notFound();
    if (partition !== undefined && row.partition !== partition) throw notFound();
    const versions = await selectHistory(this.queryable, type, this.ctx.practiceId, id);
    const list = versions.map((v) =>
      v.version_id === row.version_id ? v.body : { ...v.body, meta: { ...v.body.meta, isHistorical: true } },
    );
    // A version written with the no-history header has no history row; the current one still shows.
    if (versions[0]?.version_id !== row.version_id) list.unshift(row.body as Resource);
    await this.ctx.audit.record(resourceAudit(this.ctx, type, 'R', { id, partition: row.partition }));
    return list;
  }

  async search(type: ResourceTypeDefinition, request: SearchRequest): Promise<SearchPage> {
    this.ctx.access.assertCan('Read', type);
    return this.auditedQuery(type, request, () => searchResources(this.queryable, this.ctx, type, request));
  }

  async count(type: ResourceTypeDefinition, request: SearchRequest): Promise<number> {
    this.ctx.access.assertCan('Read', type);
    return this.auditedQuery(type, request, () => countResources(this.queryable, this.ctx, type, request));
  }

  /**
   * A query's answer once its audit event is durable too. The event needs nothing from the answer,
   * so it is written while the query runs rather than after (a timeline page answered about 0.5 ms
   * sooner: docs/performance.md, "Pages prepared"). `start` throws a request it refuses before
   * running anything, so such a query is never audited; one that fails in the database after
   * starting stays audited as tried. The event is built before the query starts, so nothing can
   * throw between starting it and waiting on it.
   */
  private async auditedQuery<T>(type: ResourceTypeDefinition, request: SearchRequest, start: () => Promise<T>): Promise<T> {
    const event = resourceAudit(this.ctx, type, 'E', queryTarget(request));
    const running = start();
    const [answer] = await Promise.all([running, this.ctx.audit.record(event)]);
    return answer;
  }

  async create(
    type: ResourceTypeDefinition,
    input: Record<string, unknown>,
    ifNoneExist?: Filter[],
  ): Promise<CreateResult> {
    this.assertWritable(type, 'Create');
    assertCreatable(input);
    return this.write(async (tx) => {
      if (ifNoneExist?.length) {
        // Serialise creators of the same conditions, in whatever order they were written, so two
        // cannot both miss and both insert.
        const conditions = ifNoneExist.map((f) => JSON.stringify(f)).sort().join('&');
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.ctx.practiceId}:${type.name}:${conditions}`]);
        const existing = await findFirst(tx, this.ctx, type, ifNoneExist);
        if (existing) {
          // Answering with the existing resource is a read of it: permitted and audited as one.
          this.ctx.access.assertCan('Read', type);
          await recordAuditIn(tx, resourceAudit(this.ctx, type, 'R', { ...existing, versionId: existing.meta.versionId }), this.ctx.clock());
          return { resource: existing, created: false };
        }
      }
      const resource = await this.insertNew(tx, type, randomUUID(), input);
      return { resource, created: true };
    });
  }

  /**
   * Full update. An id that does not exist yet is created with that id (the write queue upserts
   * items made offline); an existing one needs the version the client last saw.
   */
  async update(
    type: ResourceTypeDefinition,
    id: string,
    input: Record<string, unknown>,
    expectedVersionId?: string,
  ): Promise<CreateResult> {
    this.assertWritable(type, 'Update');
    assertUpdatable(input);
    if (input.id !== id) throw badRequest('The id in the body does not match the id in the URL.');
    const expected = expectedVersionId ?? (input.meta as { versionId?: string } | undefined)?.versionId;
    return this.write(async (tx) => {
      const row = await selectCurrent(tx, type, this.ctx.practiceId, id, true, this.reach(type, 'Update'));
      if (!row || isExpired(row, this.ctx.clock())) {
        if (expected !== undefined) throw notFound();
        this.ctx.access.assertCan('Create', type);
        if (!ID_PATTERN.test(id)) throw badRequest('A resource id is 1 to 64 letters, digits, dots, dashes or underscores.');
        if (!row && (await selectCurrent(tx, type, this.ctx.practiceId, id))) {
          // It exists: created by a concurrent writer since our read (409), or outside the
          // caller's reach all along (404, as for a read, so ids cannot be probed).
          const reachable = await selectCurrent(tx, type, this.ctx.practiceId, id, false, this.reach(type, 'Update'));
          throw reachable ? conflict() : notFound();
        }
        return { resource: await this.insertNew(tx, type, id, input, row), created: true };
      }
      this.assertCurrent(row, expected);
      const next = buildVersion(this.ctx, type, { ...input, partition: row.body.partition }, {
        id,
        created: row.body.created as string | undefined,
      });
      await this.store(tx, type, next, false, row.body as Resource, { expectedVersionId: row.version_id });
      return { resource: next, created: false };
    });
  }

  /** RFC 6902 patch of the version the client names; all of it applies or none does. */
  async patch(type: ResourceTypeDefinition, id: string, operations: unknown, expectedVersionId?: string): Promise<Resource> {
    this.assertWritable(type, 'Update');
    const expected = requireVersionId(expectedVersionId);
    return this.write(async (tx) => {
      // Read without a lock: the write below applies only over the version read here, so a
      // concurrent writer that got in between makes this one a 409, as a lock would have.
      const row = await selectCurrent(unlockedReader(tx), type, this.ctx.practiceId, id, false, this.reach(type, 'Update'));
      const current = this.visible(row);
      this.assertCurrent(current, expected);
      const patched = applyResourcePatch(current.body as Resource, operations);
      const next = buildVersion(this.ctx, type, patched, { id, created: current.body.created as string | undefined });
      await this.store(tx, type, next, false, current.body as Resource, { expectedVersionId: current.version_id });
      return next;
    });
  }

  /** Soft delete: a tombstone version; reads answer 410 from then on. */
  async delete(type: ResourceTypeDefinition, id: string, expectedVersionId?: string): Promise<void> {
    if (!type.deletable || !type.apiWritable) {
      throw new AppError(ErrorCodes.MethodNotAllowed, MESSAGES.deleteUnsupported(type.name));
    }
    this.ctx.access.assertCan('Delete', type);
    const expected = requireVersionId(expectedVersionId);
    await this.write(async (tx) => {
      const row = await selectCurrent(tx, type, this.ctx.practiceId, id, true, this.reach(type, 'Delete'));
      const current = this.visible(row);
      this.assertCurrent(current, expected);
      const tombstone = buildVersion(this.ctx, type, current.body, {
        id,
        created: current.body.created as string | undefined,
        isDeleted: true,
      });
      await this.store(tx, type, tombstone, true, current.body as Resource, { expectedVersionId: current.version_id });
    });
  }

  /**
   * The current row of a resource the caller may update: permission, patient reach, 404, 410 and
   * a stale `expectedVersionId` (409) are checked, and the row is locked until the surrounding
   * transaction ends. For calls that change a resource in ways other than a body write (content).
   */
  async currentForWrite(
    type: ResourceTypeDefinition,
    id: string,
    options: { expectedVersionId?: string; allowDeleted?: boolean } = {},
  ): Promise<ResourceRow> {
    this.assertWritable(type, 'Update');
    const row = await selectCurrent(this.queryable, type, this.ctx.practiceId, id, true, this.reach(type, 'Update'));
    if (!row || isExpired(row, this.ctx.clock())) throw notFound();
    if (row.is_deleted && !options.allowDeleted) throw gone();
    if (options.expectedVersionId !== undefined && row.version_id !== options.expectedVersionId) throw conflict();
    return row;
  }

  /**
   * Stores the next version of a row from `currentForWrite`, its fields changed by `change`, which
   * is given the new version's id (content URLs name their version).
   */
  async writeNextVersion(
    type: ResourceTypeDefinition,
    row: ResourceRow,
    change: (fields: Record<string, unknown>, versionId: string) => Record<string, unknown>,
  ): Promise<Resource> {
    const previous = row.body as Resource;
    const versionId = randomUUID();
    const next = buildVersion(this.ctx, type, change({ ...previous }, versionId), {
      id: row.id,
      created: previous.created,
      versionId,
    });
    await this.store(this.queryable, type, next, false, previous, { expectedVersionId: row.version_id });
    return next;
  }

  /** Audits a call that touched a resource without writing a version (staging content, a purge). */
  async auditTouch(type: ResourceTypeDefinition, row: ResourceRow, action: AuditAction): Promise<void> {
    const record = resourceAudit(this.ctx, type, action, { id: row.id, versionId: row.version_id, partition: row.partition });
    await (this.scope ? recordAuditIn(this.scope, record, this.ctx.clock()) : this.ctx.audit.record(record));
  }

  /** The row a caller may see (undefined when missing or out of reach), after the permission check. */
  private async guardedRead(type: ResourceTypeDefinition, action: Action, id: string): Promise<ResourceRow | undefined> {
    this.ctx.access.assertCan(action, type);
    return selectCurrent(this.queryable, type, this.ctx.practiceId, id, false, this.reach(type));
  }

  private reach(type: ResourceTypeDefinition, action: Action = 'Read'): RowCondition {
    return (params) => this.ctx.access.rowCondition(type, params, '', action);
  }

  private assertWritable(type: ResourceTypeDefinition, action: Action): void {
    if (!type.apiWritable) throw new AppError(ErrorCodes.MethodNotAllowed, `${type.name} records are written by the server only.`);
    this.ctx.access.assertCan(action, type);
  }

  private async insertNew(
    tx: Queryable,
    type: ResourceTypeDefinition,
    id: string,
    input: Record<string, unknown>,
    expiredRow?: ResourceRow,
  ): Promise<Resource> {
    const resource = buildVersion(this.ctx, type, input, { id });
    await this.assertReachablePartition(tx, type, resource.partition);
    await this.store(tx, type, resource, false, undefined, {
      replaceExpired: expiredRow !== undefined,
      expectedVersionId: expiredRow?.version_id,
    });
    return resource;
  }

  /** A new resource may only go into a patient partition the caller reaches (else 404, as for reads). */
  private async assertReachablePartition(tx: Queryable, type: ResourceTypeDefinition, partition: string | undefined) {
    if (!type.partitioned || partition === undefined) return;
    const params: unknown[] = [this.ctx.practiceId, partition];
    const condition = this.ctx.access.rowCondition(type, params, 'v.');
    if (condition === 'TRUE') return;
    const r = await unlockedReader(tx).query(`SELECT 1 FROM (VALUES ($2::text)) AS v(partition) WHERE $1::text IS NOT NULL AND ${condition}`, params);
    if (r.rowCount === 0) throw notFound();
  }

  /**
   * Runs the type's hooks, then stores the version with its history and audit rows in one
   * statement, deferred to the end of the transaction (runDeferrable): when the hooks sent nothing,
   * that statement is the whole write. An update writes only over `expectedVersionId`, so a
   * version that changed since it was read is a 409 whether or not the row was locked.
   */
  private async store(
    tx: Queryable,
    type: ResourceTypeDefinition,
    resource: Resource,
    isDeleted: boolean,
    previous: Resource | undefined,
    options: { replaceExpired?: boolean; expectedVersionId?: string } = {},
  ): Promise<void> {
    if (previous) this.ctx.access.assertPortalUpdate(type, previous, resource);
    if (notifiesCallerChanges(type)) this.ctx.callerChanged?.();
    // Indexed filter fields must stay scalar, or the `=` their filters compile to would miss lists.
    assertScalarFields(type, resource);
    await beforeWrite(tx, this.ctx, type, resource, previous);
    const expires = resource.meta.expires;
    const version = {
      resource,
      isDeleted,
      expiresAt: expires ? new Date(expires) : null,
      keepHistory: !this.ctx.writeOptions.noHistory,
    };
    const isNew = previous === undefined;
    const action = isDeleted ? 'D' : isNew ? 'C' : 'U';
    const guards = writeGuards(type);
    const claim = this.claim && !this.claim.taken ? this.claim : undefined;
    if (claim) claim.taken = true;
    const extras = {
      audit: resourceAudit(this.ctx, type, action, { id: resource.id, versionId: resource.meta.versionId, partition: resource.partition }),
      now: this.ctx.clock(),
      guards,
      ctx: this.ctx,
      claim: claim && { ...claim, status: isDeleted ? 204 : isNew ? 201 : 200 },
    };
    const statement =
      isNew && !options.replaceExpired
        ? insertStatement(type, this.ctx.practiceId, version, extras)
        : updateStatement(type, this.ctx.practiceId, version, options.expectedVersionId, extras);
    await runDeferrable(tx, {
      ...statement,
      settle: (result) => {
        const outcome = writeOutcome(result.rows[0]);
        if (outcome.refusedBy !== undefined) throw guards[outcome.refusedBy]!.refusal(resource);
        if (!outcome.written) throw conflict();
      },
      mapError: (error) => writeError(error, resource),
    });
  }

  private write<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.scope ? work(this.scope) : this.ctx.db.transaction(work);
  }

  /** 404 for missing, expired or out-of-partition rows (ids cannot be probed); 410 for deleted. */
  private visible(row: ResourceRow | undefined, partition?: string): ResourceRow {
    if (!row || isExpired(row, this.ctx.clock())) throw notFound();
    if (partition !== undefined && row.partition !== partition) throw notFound();
    if (row.is_deleted) throw gone();
    return row;
  }

  /** Checked on the row read; the write statement checks the version again as it writes (resource-rows.ts). */
  private assertCurrent(row: ResourceRow, expectedVersionId: string | undefined): void {
    if (row.is_deleted) throw gone();
    if (expectedVersionId === undefined || row.version_id !== expectedVersionId) throw conflict();
  }
}

function requireVersionId(versionId: string | undefined): string {
  if (!versionId) throw badRequest('The versionId query parameter is required.');
  return versionId;
}

/** What a query asked for, audited as words (never patient content beyond the filter values). */
function queryTarget(request: SearchRequest) {
  return { partition: request.partition, query: JSON.stringify(request.filters).slice(0, 2000) };
}
