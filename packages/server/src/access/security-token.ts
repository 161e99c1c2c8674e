import {
  AppError,
  ErrorCodes,
  INVALID_SECURITY_TOKEN_MESSAGE,
  MESSAGES,
  SECURITY_TOKEN_LIFETIME_MS,
  SUB_STATUS,
  badRequest,
  hasFlag,
  notFound,
  type Reference,
  type Resource,
} from '@caseload/core';
import { RefusalReason } from '../audit/refusal.ts';
import type { Queryable } from '../db/database.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { SystemReader, systemReader } from '../storage/system-reader.ts';
import { accessPolicyFor } from './access-policy.ts';
import type { Principal } from './principal.ts';

const invalid = () => new AppError(ErrorCodes.Forbidden, INVALID_SECURITY_TOKEN_MESSAGE, { subStatus: SUB_STATUS.invalidSecurityToken });
const expired = () => new AppError(ErrorCodes.Forbidden, MESSAGES.tokenExpired, { subStatus: SUB_STATUS.expiredSecurityToken });

interface SecurityTokenBody extends Resource {
  expiration?: string;
  owner?: Reference;
  patientAllowances?: Reference[];
}

/**
 * The patients a security-token header (`id:versionId`) adds to the caller's reach. The token must
 * be this version, owned by the caller, and unexpired; otherwise 403 with sub-status 1001
 * (invalid) or 1002 (expired), which tell the client to drop it. Only an owner who holds
 * SecurityTokenManagement now gains patients from it: anyone else's token only ever names patients
 * of their own population (checked when it is written), so a patient they have lost since (taken
 * off the care team, unenrolled) is lost at once, not when the token expires.
 */
export async function tokenPatients(db: Queryable, principal: Principal, header: string | undefined, now: Date): Promise<string[]> {
  if (!header) return [];
  const [id, versionId, extra] = header.split(':');
  if (!id || !versionId || extra !== undefined) throw invalid();
  const token = await new SystemReader(db, principal.practiceId).get<SecurityTokenBody>('SecurityToken', id);
  if (!token || token.meta.versionId !== versionId) throw invalid();
  const owner = token.owner;
  if (!owner || owner.resourceType !== principal.actor.resourceType || owner.id !== principal.actor.id) throw invalid();
  const expiry = Date.parse(token.expiration ?? '');
  // No version is written before its token was created, so an expiry more than a lifetime after
  // the newest version was never the server's (a token stored before the server owned `created`).
  if (expiry > Date.parse(token.meta.lastModified) + SECURITY_TOKEN_LIFETIME_MS) throw invalid();
  if (!(expiry > now.getTime())) throw expired();
  if (!managesTokens(principal)) return [];
  return (token.patientAllowances ?? []).map((p) => p.id);
}

const managesTokens = (principal: Principal) => hasFlag(principal.permissions, 'administrative', 'SecurityTokenManagement');

/**
 * The server owns a token's owner and expiry: the owner is whoever creates it and the expiry is
 * 24 hours from its creation by the server's clock (a client's `created` never counts); updates cannot
 * extend or hand it over. Each allowed patient must be one the owner reaches by its own population
 * level, not through the security token of this very request (a token must not mint a wider or
 * longer one), unless the owner holds SecurityTokenManagement (break-the-glass, audited like every
 * write).
 */
export const securityTokenRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  const token = resource as SecurityTokenBody;
  const prior = previous as SecurityTokenBody | undefined;
  token.owner = prior?.owner ?? ctx.actor;
  // `created` is the server's time of this first version (storage/resource-version.ts), never the body's.
  token.expiration = prior?.expiration ?? new Date(Date.parse(resource.created!) + SECURITY_TOKEN_LIFETIME_MS).toISOString();
  if (token.meta.isDeleted) return;
  const allowances = token.patientAllowances ?? [];
  if (!Array.isArray(allowances) || allowances.some((p) => p?.resourceType !== 'Patient' || typeof p.id !== 'string')) {
    throw badRequest('patientAllowances must be a list of Patient references.');
  }
  const principal = ctx.access.principal;
  if (managesTokens(principal)) return;
  const list = await systemReader(tx, ctx).list('Patient', {
    ids: allowances.map((p) => p.id),
    reachableBy: { access: accessPolicyFor(principal, []) },
  });
  const reached = new Set(list.map((patient) => patient.id));
  const refused = [...new Set(allowances.map((p) => p.id))].filter((id) => !reached.has(id));
  // The audit trail files the refusal under each patient asked for and not reached.
  if (refused.length > 0) throw notFound(new RefusalReason('a patient allowance is not a patient the owner reaches', refused));
};
