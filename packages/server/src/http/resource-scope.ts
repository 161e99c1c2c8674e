import { getResourceTypeByCollection, notFound, type ResourceTypeDefinition } from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { actorFrom, writeOptionsFrom } from './request-headers.ts';

export interface CollectionParams {
  practiceId?: string;
  collection: string;
}

export interface ResourceScope {
  type: ResourceTypeDefinition;
  repo: ResourceRepository;
  ctx: RepositoryContext;
}

/**
 * Resolves the collection in the URL to its resource type and builds the request's repository.
 * An unknown collection, or a practice without storage, is a plain 404.
 */
export async function resourceScope(app: FastifyInstance, request: FastifyRequest): Promise<ResourceScope> {
  const params = request.params as CollectionParams;
  const scope = params.practiceId === undefined ? 'global' : 'practice';
  const type = getResourceTypeByCollection(scope, params.collection);
  if (!type) throw notFound();
  if (params.practiceId !== undefined) await app.practices.assertExists(params.practiceId);
  const ctx: RepositoryContext = {
    db: app.db.forRequest(request.stats),
    practiceId: params.practiceId ?? '',
    actor: actorFrom(request.headers),
    writeOptions: writeOptionsFrom(request.headers),
    tokens: app.tokens,
    clock: app.clock,
  };
  return { type, ctx, repo: new ResourceRepository(ctx) };
}
