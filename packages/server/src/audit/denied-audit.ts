import {
  AUDIT_EVENT_TYPES,
  getResourceTypeByCollection,
  isAppError,
  type AppError,
  type AuditAction,
  type Reference,
  type ResourceTypeDefinition,
  GLOBAL_PRACTICE,
} from '@caseload/core';
import type { FastifyRequest } from 'fastify';
import { resolvePrincipal } from '../access/principal.ts';
import { reasonOf } from './refusal.ts';
import { patientOf } from './resource-audit.ts';
import { lookUpRefusedTargets } from '../storage/refused-attempts.ts';
import { actorFrom } from '../http/request-headers.ts';

/** A practice route's collection and the id after it: `/api/v1/practices/:practiceId/Notes/:id/sign`. */
const PRACTICE_ROUTE = /^\/api\/v1\/practices\/:practiceId\/([^/]+)(?:\/([^/]+))?/;

interface RouteParams {
  practiceId?: string;
  collection?: string;
  id?: string;
}

/** The path parameters this hook reads, from a request of any route (its params are unknown here). */
function routeParams(params: unknown): RouteParams {
  const given: Record<string, unknown> = typeof params === 'object' && params !== null ? { ...params } : {};
  const text = (name: keyof RouteParams) => (typeof given[name] === 'string' ? given[name] : undefined);
  return { practiceId: text('practiceId'), collection: text('collection'), id: text('id') };
}

/**
 * Records a 403 that no repository recorded (a flag a service checks, a refused security-token
 * header, a profile header the session does not own) as a Security Alert, Failure: the account,
 * the acting profile when the caller has one in the practice, the resource the URL names and its
 * patient, and why. Refusals inside the repository are recorded there, with more (ResourceRepository
 * `attempt`), and never reach this.
 */
export async function recordDenied(request: FastifyRequest, refusal: AppError): Promise<void> {
  const params = routeParams(request.params);
  const practiceId = params.practiceId ?? GLOBAL_PRACTICE;
  const route = request.routeOptions.url ?? request.url;
  const target = routeTarget(route, params);
  let patient: ReturnType<typeof patientOf>;
  if (target?.id) {
    // One row whether the id exists or not, as for the repository's refusals.
    const db = request.server.db.forRequest(request.stats);
    const stored = (await lookUpRefusedTargets(db, target.type, practiceId, [target.id], () => 'TRUE', request.server.clock())).get(
      target.id,
    );
    if (stored?.exists) patient = patientOf(target.type, { id: target.id, partition: stored.partition });
  }
  await request.server.audit.record({
    practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.securityAlert,
      action: actionOf(request.method, route, target?.id),
      outcome: 'Failure',
      description: `Denied ${request.method} ${route}: ${reasonOf(refusal)?.why ?? refusal.message}`,
      agent: { who: await actingProfile(request, practiceId), accountId: request.identity?.account.id, address: request.ip },
      entity: target && { resourceType: target.type.name, id: target.id },
      patient,
      requestId: request.id,
    },
  });
}

function routeTarget(route: string, params: RouteParams): { type: ResourceTypeDefinition; id?: string } | undefined {
  const match = PRACTICE_ROUTE.exec(route);
  if (!match) return undefined;
  const collection = match[1] === ':collection' ? params.collection : match[1];
  const type = collection === undefined ? undefined : getResourceTypeByCollection('practice', collection);
  return type && { type, id: match[2] === ':id' ? params.id : undefined };
}

function actionOf(method: string, route: string, id: string | undefined): AuditAction {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return 'R';
    case 'PUT':
    case 'PATCH':
      return 'U';
    case 'DELETE':
      return 'D';
    default:
      return id !== undefined || route.endsWith('/queries') ? 'E' : 'C';
  }
}

/**
 * The profile the caller acts as in the practice (its principal is cached for the session, so this
 * is normally no statement); none when the caller has no principal there, which is often why the
 * call was refused (a profile header the session does not own).
 */
async function actingProfile(request: FastifyRequest, practiceId: string): Promise<Reference | undefined> {
  const identity = request.identity;
  if (!identity || !practiceId) return undefined;
  try {
    const principal = await resolvePrincipal(request.server.db.forRequest(request.stats), identity, practiceId, actorFrom(request.headers));
    return { resourceType: principal.actor.resourceType, id: principal.actor.id };
  } catch (error) {
    if (isAppError(error)) return undefined;
    throw error;
  }
}
