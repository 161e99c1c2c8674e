import { matchesFilters, notFound, type Filter, type Resource, type ResourceTypeDefinition } from '@caseload/core';
import { resourceAudit } from '../audit/resource-audit.ts';
import type { RepositoryContext } from './repository-context.ts';
import type { ResourceRepository } from './resource-repository.ts';

/**
 * Reads of a collection whose records are code, not rows (the grant-set catalogue, docs/access.md),
 * for one caller: the permission checked and every read audited as the repository does for a
 * stored collection, through its `attempt`, so a refusal (403, or 404 for an id the catalogue does
 * not hold) is a failed attempt in the trail like any other. Made by `ResourceRepository.catalogue`.
 */
export class CatalogueReader<T extends Resource> {
  constructor(
    private readonly repo: ResourceRepository,
    private readonly ctx: RepositoryContext,
    private readonly type: ResourceTypeDefinition,
    private readonly records: readonly T[],
  ) {}

  /** The records matching every filter (the query grammar, evaluated in memory), in catalogue order. */
  async search(filters: Filter[]): Promise<T[]> {
    const query = JSON.stringify(filters).slice(0, 2000);
    return this.repo.attempt(this.type, 'E', { query }, async () => {
      this.ctx.access.assertCan('Read', this.type);
      const matches = this.records.filter((r) => matchesFilters(r, filters));
      await this.ctx.audit.record(resourceAudit(this.ctx, this.type, 'E', { query }));
      return matches;
    });
  }

  /** One record, optionally at a version; 404 when the catalogue has no such record or version. */
  async read(id: string, versionId?: string): Promise<T> {
    return this.repo.attempt(this.type, 'R', { id, versionId }, async () => {
      this.ctx.access.assertCan('Read', this.type);
      const found = this.records.find((r) => r.id === id);
      if (!found) throw notFound(`no ${this.type.name} has this id`);
      if (versionId !== undefined && versionId !== found.meta.versionId)
        throw notFound(`no version ${versionId} of this ${this.type.name}`);
      await this.ctx.audit.record(resourceAudit(this.ctx, this.type, 'R', { id, versionId }));
      return found;
    });
  }
}
