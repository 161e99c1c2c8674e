import {
  AppError,
  ErrorCodes,
  MESSAGES,
  badRequest,
  canDelegate,
  hasFlag,
  notFound,
  type FlagName,
  type PracticeUser,
  type RolesBody,
} from '@caseload/core';
import { accessPolicyFor } from '../access/access-policy.ts';
import type { Principal } from '../access/principal.ts';
import { recordAuditIn } from '../audit/audit-writer.ts';
import {
  membershipsInPractice,
  setPracticeMembershipsActive,
  syncAccountDisabled,
  upsertMembership,
  type Membership,
} from '../identity/account-store.ts';
import { revokeTokens } from '../identity/invite-tokens.ts';
import { endAllSessions } from '../identity/session-store.ts';
import { securityChangeAudit, userListAudit } from '../audit/security-audit.ts';
import type { AdminContext } from './admin-context.ts';
import { listUsers, reachesAccount, usersOfAccount } from './user-directory.ts';
import { grantSetsOfRoles, loadPracticeRoles } from './user-grant-sets.ts';

/** A 403 whose cause the error handler writes into the Security Alert it audits. */
const denied = (why: string) => new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: why });

/** Staff and associates only (a portal login never manages users), holding one of the flags. */
export function assertAdministrative(principal: Principal, flags: FlagName<'administrative'>[]): void {
  const staff = principal.kind === 'staff' || principal.kind === 'associate';
  if (!staff || !flags.some((f) => hasFlag(principal.permissions, 'administrative', f))) {
    throw denied(`needs administrative ${flags.join(' or ')}`);
  }
}

const profileOf = (m: Membership) => ({ resourceType: m.profileType, id: m.profileId });

const isAssociate = (principal: Principal) => ({ associate: principal.kind === 'associate' });

function assertNotSelf(ctx: AdminContext, accountId: string, what: string): void {
  if (accountId === ctx.principal.accountId) throw denied(`nobody may ${what} their own account`);
}

/**
 * The account's memberships in this practice; 404 when there are none the caller reaches (a patient
 * outside its population answers like an account that does not exist, as on the list).
 */
async function targetMemberships(ctx: AdminContext, accountId: string): Promise<Membership[]> {
  if (!(await reachesAccount(ctx.db, accessPolicyFor(ctx.principal, []), accountId))) throw notFound();
  return membershipsInPractice(ctx.db, accountId, ctx.principal.practiceId);
}

/**
 * The practice's users as the caller reaches them (patients outside its population are left out).
 * Needs CanManageUsers or CanViewPermission; the read is audited as a query before it answers.
 */
export async function listPracticeUsers(ctx: AdminContext): Promise<PracticeUser[]> {
  assertAdministrative(ctx.principal, ['CanManageUsers', 'CanViewPermission']);
  const users = await listUsers(ctx.db, accessPolicyFor(ctx.principal, []), ctx.clock());
  await recordAuditIn(ctx.db, userListAudit(ctx), ctx.clock());
  return users;
}

/**
 * Replaces the roles of a user's practitioner profile in this practice. Needs CanModifyRoles or
 * RoleManagement; never one's own roles (the privilege-escalation guard); every role must exist;
 * and the caller may hand out only grant sets it holds in full (`canDelegate`). Taking grant sets
 * away is not limited: removing access never escalates. Portal profiles have no staff roles.
 */
export async function changeRoles(ctx: AdminContext, accountId: string, body: RolesBody): Promise<PracticeUser> {
  assertAdministrative(ctx.principal, ['CanModifyRoles', 'RoleManagement']);
  assertNotSelf(ctx, accountId, 'change the roles of');
  // The route's contract (core's RolesBodySchema) has checked the body's shape.
  const roles = [...new Set(body.roles)];
  const { profile } = body;
  const memberships = await targetMemberships(ctx, accountId);
  const staff = memberships.filter((m) => m.profileType === 'Practitioner' && (!profile || `Practitioner/${m.profileId}` === profile));
  if (staff.length !== 1) {
    throw badRequest(
      staff.length === 0
        ? 'Roles belong to practitioner profiles; this user has none here.'
        : 'This user has several practitioner profiles here; name one as profile.',
    );
  }
  const practiceRoles = await loadPracticeRoles(ctx.db, ctx.principal.practiceId, roles);
  const granted = grantSetsOfRoles(roles, practiceRoles);
  const lacking = granted.filter((name) => !canDelegate(ctx.principal.permissions, [name], isAssociate(ctx.principal)));
  if (lacking.length) throw denied(`cannot delegate grant sets it does not hold: ${lacking.join(', ')}`);

  const target = staff[0]!;
  await ctx.db.transaction(async (tx) => {
    await upsertMembership(tx, { ...target, roles });
    const description = `Security roles changed: [${target.roles.join(', ')}] -> [${roles.join(', ')}]`;
    await recordAuditIn(tx, securityChangeAudit(ctx, { action: 'U', description, entity: profileOf(target) }), ctx.clock());
  });
  const views = await usersOfAccount(ctx.db, ctx.principal.practiceId, accountId, ctx.clock());
  return views.find((v) => v.profile === `Practitioner/${target.profileId}`)!;
}

/**
 * Deactivates (or reactivates) an account in this practice: all its memberships here. Deactivation
 * voids its outstanding invites here and ends every session of the account, so its next call
 * answers 401; an account left with nothing to sign in to is disabled, so sign-in is refused.
 * Needs CanManageUsers, and never on oneself. Reactivation restores the roles the user had; it
 * hands out nothing the user did not already hold, so it needs no delegation check.
 */
export async function setUserActive(ctx: AdminContext, accountId: string, active: boolean): Promise<void> {
  assertAdministrative(ctx.principal, ['CanManageUsers']);
  if (!active) assertNotSelf(ctx, accountId, 'deactivate');
  const memberships = await targetMemberships(ctx, accountId);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    await setPracticeMembershipsActive(tx, accountId, ctx.principal.practiceId, active);
    if (!active) {
      await revokeTokens(tx, accountId, 'invite', now, ctx.principal.practiceId);
      await endAllSessions(tx, accountId);
    }
    await syncAccountDisabled(tx, accountId);
    for (const m of memberships) {
      const description = `${active ? 'Activated' : 'Deactivated'} user ${accountId} as ${m.profileType}/${m.profileId}`;
      const patientId = m.profileType === 'Patient' ? m.profileId : undefined;
      await recordAuditIn(tx, securityChangeAudit(ctx, { action: 'U', description, entity: profileOf(m), patientId }), now);
    }
  });
}
