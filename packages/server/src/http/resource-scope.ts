import { HEADERS, getResourceTypeByCollection, notFound, type ResourceTypeDefinition } from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccessPolicy, accessPolicyFor } from '../access/access-policy.ts';
import { globalPrincipal } from '../access/global-principal.ts';
import { resolvePrincipal } from '../access/principal.ts';
import { tokenPatients } from '../access/security-token.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { actorFrom, stringHeader, writeOptionsFrom } from './request-headers.ts';

export interface CollectionParams {
  practiceId?: string;
  collection: string;
  id?: string;
  versionId?: string;
}

/** Ids and version ids the server makes or accepts; anything else cannot name a resource. */
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface ResourceScope {
  type: ResourceTypeDefinition;
  repo: ResourceRepository;
  ctx: RepositoryContext;
}

/**
 * Resolves the collection in the URL to its resource type, the caller to a principal in that
 * practice, and builds the request's repository, through which every read and write is checked
 * and audited. An unknown collection, or a practice the caller cannot see, is a plain 404.
 */
export async function resourceScope(
  app: FastifyInstance,
  request: FastifyRequest,
  /** For routes of one collection (GrantSets), whose URL has no `:collection` parameter. */
  collection?: string,
): Promise<ResourceScope> {
  const given = request.params as CollectionParams;
  const params = collection ? { ...given, collection } : given;
  const scope = params.practiceId === undefined ? 'global' : 'practice';
  const type = getResourceTypeByCollection(scope, params.collection);
  if (!type) throw notFound();
  // An id that could never exist is simply not found (and never reaches SQL: a NUL would not).
  if ((params.id !== undefined && !ID.test(params.id)) || (params.versionId !== undefined && !ID.test(params.versionId))) {
    throw notFound();
  }
  const identity = request.identity!;
  const db = app.db.forRequest(request.stats);
  let access: AccessPolicy;
  if (params.practiceId === undefined) {
    access = new AccessPolicy(globalPrincipal(identity));
  } else {
    await app.practices.assertExists(params.practiceId);
    const principal = await resolvePrincipal(db, identity, params.practiceId, actorFrom(request.headers));
    const patients = await tokenPatients(db, principal, stringHeader(request.headers, HEADERS.securityToken), app.clock());
    access = accessPolicyFor(principal, patients);
  }
  const ctx: RepositoryContext = {
    db,
    practiceId: params.practiceId ?? '',
    actor: access.principal.actor,
    accountId: identity.account.id,
    access,
    audit: app.audit,
    requestId: request.id,
    address: request.ip,
    writeOptions: writeOptionsFrom(request.headers),
    tokens: app.tokens,
    clock: app.clock,
    callerChanged: () => {
      request.callerChanged = true;
    },
  };
  return { type, ctx, repo: new ResourceRepository(ctx) };
}
