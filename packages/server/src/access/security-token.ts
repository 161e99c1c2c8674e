import { AppError, ErrorCodes, INVALID_SECURITY_TOKEN_MESSAGE, MESSAGES, SECURITY_TOKEN_LIFETIME_MS, SUB_STATUS, badRequest, getResourceType, hasFlag, notFound, type Reference, type Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { registerBeforeWrite } from '../storage/resource-hooks.ts';
import { currentTable } from '../storage/table-names.ts';
import type { Principal } from './principal.ts';


const invalid = () =>
  new AppError(ErrorCodes.Forbidden, INVALID_SECURITY_TOKEN_MESSAGE, { subStatus: SUB_STATUS.invalidSecurityToken });
const expired = () =>
  new AppError(ErrorCodes.Forbidden, MESSAGES.tokenExpired, { subStatus: SUB_STATUS.expiredSecurityToken });

interface SecurityTokenBody extends Resource {
  expiration?: string;
  owner?: Reference;
  patientAllowances?: Reference[];
}

/**
 * The patients a security-token header (`id:versionId`) adds to the caller's reach. The token must
 * be this version, owned by the caller, and unexpired; otherwise 403 with sub-status 1001
 * (invalid) or 1002 (expired), which tell the client to drop it.
 */
export async function tokenPatients(
  db: Queryable,
  principal: Principal,
  header: string | undefined,
  now: Date,
): Promise<string[]> {
  if (!header) return [];
  const [id, versionId, extra] = header.split(':');
  if (!id || !versionId || extra !== undefined) throw invalid();
  const r = await db.query<{ body: SecurityTokenBody; version_id: string }>(
    `SELECT body, version_id FROM ${currentTable('SecurityToken')} WHERE practice_id = $1 AND id = $2 AND NOT is_deleted`,
    [principal.practiceId, id],
  );
  const row = r.rows[0];
  if (!row || row.version_id !== versionId) throw invalid();
  const owner = row.body.owner;
  if (!owner || owner.resourceType !== principal.actor.resourceType || owner.id !== principal.actor.id) throw invalid();
  if (!row.body.expiration || Date.parse(row.body.expiration) <= now.getTime()) throw expired();
  return (row.body.patientAllowances ?? []).map((p) => p.id);
}

/**
 * The server owns a token's owner and expiry: the owner is whoever creates it and the expiry is
 * 24 hours from creation; updates cannot extend or hand it over. Each allowed patient must be one
 * the owner already reaches, unless the owner holds SecurityTokenManagement (break-the-glass,
 * audited like every write).
 */
registerBeforeWrite('SecurityToken', async (tx, ctx, resource, previous) => {
  const token = resource as SecurityTokenBody;
  const prior = previous as SecurityTokenBody | undefined;
  token.owner = prior?.owner ?? ctx.actor;
  token.expiration =
    prior?.expiration ?? new Date(Date.parse(resource.created ?? ctx.clock().toISOString()) + SECURITY_TOKEN_LIFETIME_MS).toISOString();
  if (token.meta.isDeleted) return;
  const allowances = token.patientAllowances ?? [];
  if (!Array.isArray(allowances) || allowances.some((p) => p?.resourceType !== 'Patient' || typeof p.id !== 'string')) {
    throw badRequest('patientAllowances must be a list of Patient references.');
  }
  if (hasFlag(ctx.access.principal.permissions, 'administrative', 'SecurityTokenManagement')) return;
  const patientType = getResourceType('Patient')!;
  const params: unknown[] = [ctx.practiceId, allowances.map((p) => p.id)];
  const reach = ctx.access.rowCondition(patientType, params);
  const r = await tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${currentTable('Patient')} WHERE practice_id = $1 AND id = ANY($2::text[]) AND NOT is_deleted AND ${reach}`,
    params,
  );
  if (Number(r.rows[0]!.n) !== new Set(allowances.map((p) => p.id)).size) throw notFound();
});
