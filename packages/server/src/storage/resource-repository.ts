import { randomUUID } from 'node:crypto';
import {
  AppError,
  ErrorCodes,
  MESSAGES,
  applyResourcePatch,
  assertCreatable,
  assertUpdatable,
  badRequest,
  conflict,
  gone,
  notFound,
  type Filter,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { buildVersion } from './resource-version.ts';
import {
  insertResource,
  isExpired,
  selectCurrent,
  selectHistory,
  selectVersion,
  updateResource,
} from './resource-rows.ts';
import type { RepositoryContext, ResourceRow } from './repository-context.ts';
import { findFirst } from './resource-search.ts';

export interface CreateResult {
  resource: Resource;
  /** False when an if-none-exist condition matched an existing resource instead. */
  created: boolean;
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Reads and writes resources of one practice. Every write runs in one transaction that checks the
 * expected version against the locked current row, so of two writers with the same versionId
 * exactly one wins; the current row and its history row commit together.
 */
export class ResourceRepository {
  constructor(
    private readonly ctx: RepositoryContext,
    /** Set when this repository works inside a transaction someone else opened. */
    private readonly scope?: Queryable,
  ) {}

  /** A repository whose writes all join one transaction (used for idempotent writes). */
  async inTransaction<T>(work: (repo: ResourceRepository) => Promise<T>): Promise<T> {
    if (this.scope) return work(this);
    return this.ctx.db.transaction((tx) => work(new ResourceRepository(this.ctx, tx)));
  }

  get queryable(): Queryable {
    return this.scope ?? this.ctx.db;
  }

  async read(type: ResourceTypeDefinition, id: string, partition?: string): Promise<Resource> {
    const row = await selectCurrent(this.queryable, type, this.ctx.practiceId, id);
    return this.visible(row, partition).body as Resource;
  }

  async readVersion(type: ResourceTypeDefinition, id: string, versionId: string): Promise<Resource> {
    const row = await selectCurrent(this.queryable, type, this.ctx.practiceId, id);
    if (!row || isExpired(row, this.ctx.clock())) throw notFound();
    if (row.version_id === versionId) return row.body as Resource;
    const version = await selectVersion(this.queryable, type, this.ctx.practiceId, id, versionId);
    if (!version) throw notFound();
    return { ...version, meta: { ...version.meta, isHistorical: true } };
  }

  /** Every kept version, newest first; older ones are marked `meta.isHistorical`. */
  async history(type: ResourceTypeDefinition, id: string): Promise<Resource[]> {
    const row = await selectCurrent(this.queryable, type, this.ctx.practiceId, id);
    if (!row || isExpired(row, this.ctx.clock())) throw notFound();
    const versions = await selectHistory(this.queryable, type, this.ctx.practiceId, id);
    const list = versions.map((v) =>
      v.version_id === row.version_id ? v.body : { ...v.body, meta: { ...v.body.meta, isHistorical: true } },
    );
    // A version written with the no-history header has no history row; the current one still shows.
    if (versions[0]?.version_id !== row.version_id) list.unshift(row.body as Resource);
    return list;
  }

  async create(
    type: ResourceTypeDefinition,
    input: Record<string, unknown>,
    ifNoneExist?: Filter[],
  ): Promise<CreateResult> {
    assertCreatable(input);
    return this.write(async (tx) => {
      if (ifNoneExist?.length) {
        // Serialise creators of the same condition so two cannot both miss and both insert.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `${this.ctx.practiceId}:${type.name}:${JSON.stringify(ifNoneExist)}`,
        ]);
        const existing = await findFirst(tx, this.ctx, type, ifNoneExist);
        if (existing) return { resource: existing, created: false };
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
    assertUpdatable(input);
    if (input.id !== id) throw badRequest('The id in the body does not match the id in the URL.');
    const expected = expectedVersionId ?? (input.meta as { versionId?: string } | undefined)?.versionId;
    return this.write(async (tx) => {
      const row = await selectCurrent(tx, type, this.ctx.practiceId, id, true);
      if (!row || isExpired(row, this.ctx.clock())) {
        if (expected !== undefined) throw notFound();
        if (!ID_PATTERN.test(id)) throw badRequest('A resource id is 1 to 64 letters, digits, dots, dashes or underscores.');
        return { resource: await this.insertNew(tx, type, id, input, row), created: true };
      }
      this.assertCurrent(row, expected);
      const next = buildVersion(this.ctx, type, { ...input, partition: row.body.partition }, {
        id,
        created: row.body.created as string | undefined,
      });
      await updateResource(tx, type, this.ctx.practiceId, this.storable(next, false));
      return { resource: next, created: false };
    });
  }

  /** RFC 6902 patch of the version the client names; all of it applies or none does. */
  async patch(type: ResourceTypeDefinition, id: string, operations: unknown, expectedVersionId?: string): Promise<Resource> {
    const expected = requireVersionId(expectedVersionId);
    return this.write(async (tx) => {
      const row = await selectCurrent(tx, type, this.ctx.practiceId, id, true);
      const current = this.visible(row);
      this.assertCurrent(row!, expected);
      const patched = applyResourcePatch(current.body as Resource, operations);
      const next = buildVersion(this.ctx, type, patched, { id, created: current.body.created as string | undefined });
      await updateResource(tx, type, this.ctx.practiceId, this.storable(next, false));
      return next;
    });
  }

  /** Soft delete: a tombstone version; reads answer 410 from then on. */
  async delete(type: ResourceTypeDefinition, id: string, expectedVersionId?: string): Promise<void> {
    if (!type.deletable) throw new AppError(ErrorCodes.MethodNotAllowed, MESSAGES.deleteUnsupported(type.name));
    const expected = requireVersionId(expectedVersionId);
    await this.write(async (tx) => {
      const row = await selectCurrent(tx, type, this.ctx.practiceId, id, true);
      const current = this.visible(row);
      this.assertCurrent(row!, expected);
      const tombstone = buildVersion(this.ctx, type, current.body, {
        id,
        created: current.body.created as string | undefined,
        isDeleted: true,
      });
      await updateResource(tx, type, this.ctx.practiceId, this.storable(tombstone, true));
    });
  }

  private async insertNew(
    tx: Queryable,
    type: ResourceTypeDefinition,
    id: string,
    input: Record<string, unknown>,
    expiredRow?: ResourceRow,
  ): Promise<Resource> {
    const resource = buildVersion(this.ctx, type, input, { id });
    // An expired row still holds the key until the sweeper removes it: reuse it in place.
    const store = expiredRow ? updateResource : insertResource;
    await store(tx, type, this.ctx.practiceId, this.storable(resource, false));
    return resource;
  }

  private storable(resource: Resource, isDeleted: boolean) {
    const expires = resource.meta.expires;
    return {
      resource,
      isDeleted,
      expiresAt: expires ? new Date(expires) : null,
      keepHistory: !this.ctx.writeOptions.noHistory,
    };
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

  /** Checked on the row locked inside the transaction: a stale version loses. */
  private assertCurrent(row: ResourceRow, expectedVersionId: string | undefined): void {
    if (row.is_deleted) throw gone();
    if (expectedVersionId === undefined || row.version_id !== expectedVersionId) throw conflict();
  }
}

function requireVersionId(versionId: string | undefined): string {
  if (!versionId) throw badRequest('The versionId query parameter is required.');
  return versionId;
}
