import { HEADERS, getResourceTypeByCollection, notFound, type ResourceTypeDefinition, GLOBAL_PRACTICE } from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccessPolicy, accessPolicyFor } from '../access/access-policy.ts';
import { globalPrincipal } from '../access/global-principal.ts';
import { resolvePrincipal, type Principal } from '../access/principal.ts';
import { tokenPatients } from '../access/security-token.ts';
import type { Queryable } from '../db/database.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { actorFrom, stringHeader, writeOptionsFrom } from './request-headers.ts';

export interface CollectionParams {
  practiceId?: string;
  /** Absent on the routes of one collection, which name it in `resourceScope`'s third argument. */
  collection?: string;
  id?: string;
  versionId?: string;
}

/** A request of a route whose schema declares (some of) these path parameters. */
export type ScopedRequest = FastifyRequest & { params: CollectionParams };

/** Ids and version ids the server makes or accepts; anything else cannot name a resource. */
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface ResourceScope {
  type: ResourceTypeDefinition;
  repo: ResourceRepository;
  ctx: RepositoryContext;
}

/**
 * The caller as a principal of the practice in the URL. An unknown practice and one the caller
 * does not belong to answer the same 404, whatever the headers: the profile header is read (a
 * malformed one is a 400) before the practice is looked up, so no header tells them apart.
 */
export async function practicePrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
  db: Queryable,
  practiceId: string,
): Promise<Principal> {
  const profile = actorFrom(request.headers);
  await app.practices.assertExists(practiceId);
  return resolvePrincipal(db, request.identity!, practiceId, profile);
}

/**
 * Resolves the collection in the URL to its resource type, the caller to a principal in that
 * practice, and builds the request's repository, through which every read and write is checked
 * and audited. An unknown collection, or a practice the caller cannot see, is a plain 404.
 */
export async function resourceScope(
  app: FastifyInstance,
  /** A route whose schema declares these path parameters (its handler's request, typed by them). */
  request: ScopedRequest,
  /** For routes of one collection (GrantSets), whose URL has no `:collection` parameter. */
  collection?: string,
  /** Long work (a merge): on the long-work connections, under their time limit. */
  options: { longWork?: boolean } = {},
): Promise<ResourceScope> {
  const params = { ...request.params, collection: collection ?? request.params.collection };
  const scope = params.practiceId === undefined ? 'global' : 'practice';
  const type = params.collection === undefined ? undefined : getResourceTypeByCollection(scope, params.collection);
  if (!type) throw notFound();
  // An id that could never exist is simply not found (and never reaches SQL: a NUL would not).
  if ((params.id !== undefined && !ID.test(params.id)) || (params.versionId !== undefined && !ID.test(params.versionId))) {
    throw notFound();
  }
  const identity = request.identity!;
  const db = options.longWork ? app.db.forLongWork(request.stats) : app.db.forRequest(request.stats);
  let access: AccessPolicy;
  if (params.practiceId === undefined) {
    access = new AccessPolicy(globalPrincipal(identity));
  } else {
    const principal = await practicePrincipal(app, request, db, params.practiceId);
    const patients = await tokenPatients(db, principal, stringHeader(request.headers, HEADERS.securityToken), app.clock());
    access = accessPolicyFor(principal, patients);
  }
  const ctx: RepositoryContext = {
    db,
    practiceId: params.practiceId ?? GLOBAL_PRACTICE,
    actor: access.principal.actor,
    accountId: identity.account.id,
    access,
    audit: app.audit,
    requestId: request.id,
    address: request.ip,
    writeOptions: writeOptionsFrom(request.headers),
    tokens: app.tokens,
    clock: app.clock,
    rules: WRITE_RULES,
  };
  return { type, ctx, repo: new ResourceRepository(ctx) };
}
