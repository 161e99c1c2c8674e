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
  validateExpand,
} from '@caseload/core';
import { recordAuditIn, type AuditRecord } from '../audit/audit-writer.ts';
import { RecordedRefusal, RefusalReason, isUnrecordedRefusal } from '../audit/refusal.ts';
import { resourceAudit, type AuditTarget } from '../audit/resource-audit.ts';
import { runDeferrable, unlockedReader, type Queryable } from '../db/database.ts';
import { notifiesCallerChanges } from '../db/resource-tables.ts';
import { CatalogueReader } from './catalogue-reader.ts';
import { expandReferences } from './expansion.ts';
import { expansionAudits } from './expansion-audit.ts';
import { recordRefusal } from './refused-attempts.ts';
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
import { SystemReader } from './system-reader.ts';

/** What one write stored, handed back to the caller as values (nothing is kept on the side). */
export interface StoredVersion {
  /** The version's JSON text exactly as stored: a route answers with it instead of serialising again. */
  json: string;
  /** True when the write statement stored this repository's idempotency key with its answer. */
  keyStored: boolean;
  /**
   * True when the type written notifies caller changes (db/resource-tables.ts): the answer should
   * wait until this server's caller cache has heard of the commit (identity/auth.plugin.ts).
   */
  callersChanged: boolean;
}

/** A write's answer: the version written, and what storing it did. */
export interface Written extends StoredVersion {
  resource: Resource;
}

export interface CreateResult extends Omit<Written, 'json'> {
  /** False when an if-none-exist condition matched an existing resource instead. */
  created: boolean;
  /** The stored text of the version written; undefined when an existing resource answered. */
  json?: string;
}

/**
 * An Idempotency-Key the repository's write statements store with their answer
 * (http/idempotency.ts); each write reports whether it did (`StoredVersion.keyStored`).
 */
export interface PendingKeyClaim {
  practiceId: string;
  key: string;
  requestHash: string;
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Reads and writes resources of one practice for one caller. Every method checks the caller's
 * permission for the type and action first, reads only rows inside the caller's patients (the
 * condition is part of the query, so an out-of-reach row is a 404 like a missing one), and
 * audits: writes in their own write statement, reads before they answer, refusals (403, 404,
 * 410) as failed attempts through `attempt`. Of two writers with the same versionId exactly one
 * wins: the write statement only writes over the version read.
 */
export class ResourceRepository {
  constructor(
    private readonly ctx: RepositoryContext,
    /** Set when this repository works inside a transaction someone else opened. */
    private readonly scope?: Queryable,
    /** An idempotency key the write statement stores with its answer (a repository made for one write). */
    private readonly claim?: PendingKeyClaim,
  ) {}

  /** A repository whose writes all join one transaction (used for idempotent writes). */
  async inTransaction<T>(work: (repo: ResourceRepository) => Promise<T>): Promise<T> {
    if (this.scope) return work(this);
    return this.ctx.db.transaction((tx) => work(new ResourceRepository(this.ctx, tx, this.claim)));
  }

  /**
   * This repository, its write statement storing `claim` with the answer (for routes whose answer
   * is the version written: 201, 200, or 204 for a delete). Made for one write: a second write
   * statement would find the key taken.
   */
  claiming(claim: PendingKeyClaim): ResourceRepository {
    return new ResourceRepository(this.ctx, this.scope, claim);
  }

  get queryable(): Queryable {
    return this.scope ?? this.ctx.db;
  }

  /**
   * Reads as the server in this repository's practice and transaction: no permission check, no
   * audit (storage/system-reader.ts says when that is right).
   */
  get system(): SystemReader {
    return new SystemReader(this.queryable, this.ctx.practiceId, this.ctx.clock);
  }

  /** Reads of a collection whose records are code (the grant-set catalogue), checked and audited as stored ones are. */
  catalogue<T extends Resource>(type: ResourceTypeDefinition, records: readonly T[]): CatalogueReader<T> {
    return new CatalogueReader(this, this.ctx, type, records);
  }

  /**
   * One resource, with the references at the `expand` paths filled in. Its read and the reads of
   * what the expansion returned are audited together, in one batch.
   */
  async read(type: ResourceTypeDefinition, id: string, partition?: string, expand: readonly string[] = []): Promise<Resource> {
    if (expand.length > 0) validateExpand(type.name, expand);
    return this.attempt(type, 'R', { id }, async () => {
      const row = await this.guardedRead(type, 'Read', id);
      const resource = this.visible(row, partition).body as Resource;
      const event = resourceAudit(this.ctx, type, 'R', resource);
      if (expand.length === 0) await this.ctx.audit.record(event);
      else await this.expand(type, [resource], expand, [event]);
      return resource;
    });
  }

  /**
   * `read`, answering undefined when the caller is refused the resource (403, 404, 410; recorded
   * as a failed attempt like every refusal), for a caller that leaves out what it may not see (a
   * printout's names and images). Every other failure (the database away, a time limit) is thrown:
   * it must fail the call, never pass for "nothing there".
   */
  async readIfAllowed(type: ResourceTypeDefinition, id: string): Promise<Resource | undefined> {
    try {
      return await this.read(type, id);
    } catch (error) {
      if (error instanceof RecordedRefusal) return undefined;
      throw error;
    }
  }

  /**
   * Fills in the references at the `expand` paths of resources already answered (a page), and
   * audits each resource that brings in under its own patient, with `alongWith`, in one batch.
   */
  async expand(
    type: ResourceTypeDefinition,
    resources: Resource[],
    expand: readonly string[],
    alongWith: AuditRecord[] = [],
  ): Promise<void> {
    const expansion = await expandReferences(
      this.queryable,
      this.ctx.practiceId,
      this.ctx.access,
      type,
      resources,
      expand,
      this.ctx.clock(),
    );
    await this.ctx.audit.recordAll([...alongWith, ...(await expansionAudits(this.queryable, this.ctx, type, expansion))]);
  }

  /**
   * `read` answered with the body's stored JSON text as it is, for a caller that sends it on
   * unchanged: the same checks, 404/410 and audit, without parsing and re-serialising the body.
   */
  async readJson(type: ResourceTypeDefinition, id: string, partition?: string): Promise<string> {
    return this.attempt(type, 'R', { id }, async () => {
      this.ctx.access.assertCan('Read', type);
      const row = await selectCurrentJson(this.queryable, type, this.ctx.practiceId, id, this.reach(type));
      const visible = this.visible(row as ResourceRow | undefined, partition);
      await this.ctx.audit.record(resourceAudit(this.ctx, type, 'R', { id: visible.id, partition: visible.partition }));
      return row!.body;
    });
  }

  async readVersion(type: ResourceTypeDefinition, id: string, versionId: string, partition?: string): Promise<Resource> {
    return this.attempt(type, 'R', { id, versionId }, async () => {
      const row = await this.guardedRead(type, 'Read', id);
      if (!row || isExpired(row, this.ctx.clock())) throw notFound();
      if (partition !== undefined && row.partition !== partition) throw notFound();
      let resource = row.body as Resource;
      if (row.version_id !== versionId) {
        const version = await selectVersion(this.queryable, type, this.ctx.practiceId, id, versionId);
        if (!version) throw notFound(`no version ${versionId} of this ${type.name}`);
        resource = { ...version, meta: { ...version.meta, isHistorical: true } };
      }
      await this.ctx.audit.record(resourceAudit(this.ctx, type, 'R', { id, versionId, partition: row.partition }));
      return resource;
    });
  }

  /** Every kept version, newest first; older ones are marked `meta.isHistorical`. */
  async history(type: ResourceTypeDefinition, id: string, partition?: string): Promise<Resource[]> {
    return this.attempt(type, 'R', { id }, async () => {
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
    });
  }

  async search(type: ResourceTypeDefinition, request: SearchRequest): Promise<SearchPage> {
    const target = queryTarget(request);
    return this.attempt(type, 'E', target, () => {
      this.ctx.access.assertCan('Read', type);
      return this.auditedQuery(type, target, () => searchResources(this.queryable, this.ctx, type, request));
    });
  }

  async count(type: ResourceTypeDefinition, request: SearchRequest): Promise<number> {
    const target = queryTarget(request);
    return this.attempt(type, 'E', target, () => {
      this.ctx.access.assertCan('Read', type);
      // A count visits every match, so it is long work (its own connections and time limit).
      const db = this.scope ?? this.ctx.db.forLongWork();
      return this.auditedQuery(type, target, () => countResources(db, this.ctx, type, request));
    });
  }

  /**
   * A query's answer once its audit event is durable too. The event needs nothing from the answer,
   * so it is written while the query runs rather than after (docs/performance.md, "A query's audit
   * row written beside it"). `start` throws a request it refuses before running anything, so such a
   * query is never audited; one that fails in the database after starting stays audited as tried.
   * The event is built before the query starts, so nothing can throw between starting it and
   * waiting on it.
   */
  private async auditedQuery<T>(type: ResourceTypeDefinition, target: AuditTarget, start: () => Promise<T>): Promise<T> {
    const event = resourceAudit(this.ctx, type, 'E', target);
    const running = start();
    const [answer] = await Promise.all([running, this.ctx.audit.record(event)]);
    return answer;
  }

  async create(type: ResourceTypeDefinition, input: Record<string, unknown>, ifNoneExist?: Filter[]): Promise<CreateResult> {
    return this.attempt(type, 'C', { partition: partitionNamed(input) }, () => {
      this.assertWritable(type, 'Create');
      assertCreatable(input);
      return this.write(async (tx) => {
        if (ifNoneExist?.length) {
          // Serialise creators of the same conditions, in whatever order they were written, so two
          // cannot both miss and both insert.
          const conditions = ifNoneExist
            .map((f) => JSON.stringify(f))
            .sort()
            .join('&');
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.ctx.practiceId}:${type.name}:${conditions}`]);
          const existing = await findFirst(tx, this.ctx, type, ifNoneExist);
          if (existing) {
            // Answering with the existing resource is a read of it: permitted and audited as one.
            this.ctx.access.assertCan('Read', type);
            await recordAuditIn(
              tx,
              resourceAudit(this.ctx, type, 'R', { ...existing, versionId: existing.meta.versionId }),
              this.ctx.clock(),
            );
            return { resource: existing, created: false, keyStored: false, callersChanged: false };
          }
        }
        return { ...(await this.insertNew(tx, type, randomUUID(), input)), created: true };
      });
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
    return this.attempt(type, 'U', { id, partition: partitionNamed(input) }, async () => {
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
          return { ...(await this.insertNew(tx, type, id, input, row)), created: true };
        }
        this.assertCurrent(row, expected);
        const next = buildVersion(
          this.ctx,
          type,
          { ...input, partition: row.body.partition },
          {
            id,
            created: row.body.created as string | undefined,
          },
        );
        const stored = await this.store(tx, type, next, false, row.body as Resource, { expectedVersionId: row.version_id });
        return { resource: next, ...stored, created: false };
      });
    });
  }

  /** RFC 6902 patch of the version the client names; all of it applies or none does. */
  async patch(type: ResourceTypeDefinition, id: string, operations: unknown, expectedVersionId?: string): Promise<Written> {
    return this.attempt(type, 'U', { id }, async () => {
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
        return {
          resource: next,
          ...(await this.store(tx, type, next, false, current.body as Resource, { expectedVersionId: current.version_id })),
        };
      });
    });
  }

  /** Soft delete: a tombstone version; reads answer 410 from then on. */
  async delete(type: ResourceTypeDefinition, id: string, expectedVersionId?: string): Promise<Written> {
    return this.attempt(type, 'D', { id }, async () => {
      if (!type.deletable || !type.apiWritable) {
        throw new AppError(ErrorCodes.MethodNotAllowed, MESSAGES.deleteUnsupported(type.name));
      }
      this.ctx.access.assertCan('Delete', type);
      const expected = requireVersionId(expectedVersionId);
      return this.write(async (tx) => {
        const row = await selectCurrent(tx, type, this.ctx.practiceId, id, true, this.reach(type, 'Delete'));
        const current = this.visible(row);
        this.assertCurrent(current, expected);
        const tombstone = buildVersion(this.ctx, type, current.body, {
          id,
          created: current.body.created as string | undefined,
          isDeleted: true,
        });
        return {
          resource: tombstone,
          ...(await this.store(tx, type, tombstone, true, current.body as Resource, { expectedVersionId: current.version_id })),
        };
      });
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
    return this.attempt(type, 'U', { id }, async () => {
      this.assertWritable(type, 'Update');
      const row = await selectCurrent(this.queryable, type, this.ctx.practiceId, id, true, this.reach(type, 'Update'));
      if (!row || isExpired(row, this.ctx.clock())) throw notFound();
      if (row.is_deleted && !options.allowDeleted) throw gone();
      if (options.expectedVersionId !== undefined && row.version_id !== options.expectedVersionId) throw conflict();
      return row;
    });
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

  /**
   * Stores the next version of a row read with `system.rows` (locked), its body `fields`, as the
   * server's own change made for the caller (a merge moving a chart): audited in its write
   * statement like every write, always with history (a merge must be traceable; the no-history
   * header does not apply), keeping the row's expiry and, unless `deleted` says otherwise, its
   * deletion. A tombstone rewritten stays a tombstone and is audited as an update. The type's
   * write rules and guards run only with `rules` (a merged patient's new version, checked like any
   * patient edit): elsewhere the change is to references and partitions, which they do not govern.
   */
  async rewrite(
    type: ResourceTypeDefinition,
    row: ResourceRow,
    fields: Record<string, unknown>,
    options: { deleted?: boolean; rules?: boolean } = {},
  ): Promise<Resource> {
    const deleted = options.deleted ?? row.is_deleted;
    const previous = row.body as Resource;
    const next = buildVersion({ ...this.ctx, writeOptions: {} }, type, fields, {
      id: row.id,
      created: previous.created,
      isDeleted: deleted,
    });
    if (previous.meta?.expires) next.meta.expires = previous.meta.expires;
    await this.store(this.queryable, type, next, deleted, previous, {
      expectedVersionId: row.version_id,
      rules: options.rules ?? false,
      keepHistory: true,
    });
    return next;
  }

  /** Audits a call that touched a resource without writing a version (staging content, a purge). */
  async auditTouch(type: ResourceTypeDefinition, row: ResourceRow, action: AuditAction): Promise<void> {
    await this.recordAudit(resourceAudit(this.ctx, type, action, { id: row.id, versionId: row.version_id, partition: row.partition }));
  }

  /**
   * Records an event of this call (built in audit/, as a merge's own event is): inside this
   * repository's transaction when it has one, so it commits or rolls back with the writes, else
   * through the audit writer. Either way the call fails if the event cannot be written.
   */
  async recordAudit(record: AuditRecord): Promise<void> {
    await (this.scope ? recordAuditIn(this.scope, record, this.ctx.clock()) : this.ctx.audit.record(record));
  }

  /**
   * Runs one call on `target`: every method of this repository, and a service that reads with the
   * caller's reach itself (a merge). A refusal (403, 404, 410) is recorded as a failed attempt
   * before the caller hears of it (storage/refused-attempts.ts: the resource's patient is looked up
   * past the caller's reach in one statement, the same whether the id exists or not) and reaches
   * the caller unchanged as a RecordedRefusal. Success costs nothing more.
   */
  async attempt<T>(type: ResourceTypeDefinition, action: AuditAction, target: AuditTarget, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUnrecordedRefusal(error)) throw error;
      // Inside a caller's transaction the lookup joins it (no second connection while it holds one).
      throw await recordRefusal(unlockedReader(this.queryable), this.ctx, type, action, target, error);
    }
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
  ): Promise<Written> {
    const resource = buildVersion(this.ctx, type, input, { id });
    await this.assertReachablePartition(tx, type, resource.partition, resource.id);
    const stored = await this.store(tx, type, resource, false, undefined, {
      replaceExpired: expiredRow !== undefined,
      expectedVersionId: expiredRow?.version_id,
    });
    return { resource, ...stored };
  }

  /** A new resource may only go into a patient partition the caller reaches (else 404, as for reads). */
  private async assertReachablePartition(tx: Queryable, type: ResourceTypeDefinition, partition: string | undefined, id: string) {
    if (!type.partitioned || partition === undefined) return;
    // The new row as far as a reach condition reads it: its partition and its id (a portal login's
    // reach of Media leaves out the files of unshared documents by id).
    const params: unknown[] = [this.ctx.practiceId, partition, id];
    const condition = this.ctx.access.rowCondition(type, params, 'v.');
    if (condition === 'TRUE') return;
    const r = await unlockedReader(tx).query(
      `SELECT 1 FROM (VALUES ($2::text, $3::text)) AS v(partition, id) WHERE $1::text IS NOT NULL AND ${condition}`,
      params,
    );
    if (r.rowCount === 0) throw notFound(new RefusalReason("the patient is outside the caller's reach"));
  }

  /**
   * Runs the type's hooks, then stores the version with its history and audit rows in one
   * statement, deferred to the end of the transaction (runDeferrable): when the hooks sent nothing,
   * that statement is the whole write. An update writes only over `expectedVersionId`, so a
   * version that changed since it was read is a 409 whether or not the row was locked. Answers
   * what storing did, as values: the stored text, whether the idempotency key went with it, and
   * whether callers changed.
   */
  private async store(
    tx: Queryable,
    type: ResourceTypeDefinition,
    resource: Resource,
    isDeleted: boolean,
    previous: Resource | undefined,
    options: { replaceExpired?: boolean; expectedVersionId?: string; rules?: boolean; keepHistory?: boolean } = {},
  ): Promise<StoredVersion> {
    if (previous) this.ctx.access.assertPortalUpdate(type, previous, resource);
    // Indexed filter fields must stay scalar, or the `=` their filters compile to would miss lists.
    assertScalarFields(type, resource);
    const rules = options.rules ?? true;
    if (rules) await beforeWrite(tx, this.ctx, type, resource, previous);
    const expires = resource.meta.expires;
    const json = JSON.stringify(resource);
    const version = {
      resource,
      json,
      isDeleted,
      expiresAt: expires ? new Date(expires) : null,
      keepHistory: options.keepHistory ?? !this.ctx.writeOptions.noHistory,
    };
    const isNew = previous === undefined;
    const action = isDeleted && !previous?.meta.isDeleted ? 'D' : isNew ? 'C' : 'U';
    const guards = rules ? writeGuards(this.ctx.rules, type) : [];
    const claim = this.claim;
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
      mapError: (error) => writeError(this.ctx.rules, error, resource),
    });
    return { json, keyStored: claim !== undefined, callersChanged: notifiesCallerChanges(type) };
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

/** The partition a create or full update names, as the patient of its attempt. */
function partitionNamed(input: Record<string, unknown>): string | undefined {
  return typeof input.partition === 'string' ? input.partition : undefined;
}

function requireVersionId(versionId: string | undefined): string {
  if (!versionId) throw badRequest('The versionId query parameter is required.');
  return versionId;
}

/** What a query asked for, audited as words (never patient content beyond the filter values). */
function queryTarget(request: SearchRequest) {
  return { partition: request.partition, query: JSON.stringify(request.filters).slice(0, 2000) };
}
