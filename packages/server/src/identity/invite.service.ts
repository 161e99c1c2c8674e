import {
  AppError,
  ErrorCodes,
  MESSAGES,
  badRequest,
  canDelegate,
  hasFlag,
  notFound,
  practiceTimeZone,
  roleGrantSets,
  type InviteAnswer,
  type Resource,
} from '@caseload/core';
import type { Principal } from '../access/principal.ts';
import { recordAuditIn } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import { inviteMessage } from '../mail/mail-templates.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { Mailer } from '../mail/mailer.ts';
import { securityChangeAudit } from '../audit/security-audit.ts';
import type { AdminContext } from '../users/admin-context.ts';
import { assertAdministrative } from '../users/user-admin.service.ts';
import {
  ensureAccount,
  membershipForProfile,
  membershipsInPractice,
  membershipsOf,
  normaliseEmail,
  upsertMembership,
  type Account,
  type Membership,
} from './account-store.ts';
import { assertWithinInviterReach } from './invite-reach.ts';
import { hasLiveInvite, issueToken, revokeTokens } from './invite-tokens.ts';

export interface InviteDeps {
  scope: ResourceScope;
  mailer: Mailer;
  publicUrl: () => string;
}

type ProfileType = Membership['profileType'];
const INVITABLE: ReadonlySet<string> = new Set<ProfileType>(['Patient', 'Practitioner', 'RelatedPerson']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TARGET_MESSAGE = 'Send the e-mail address to invite as target.';

const denied = (why: string) => new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: why });

function parseTarget(body: unknown): string {
  const target = (body as { target?: unknown } | null)?.target;
  if (typeof target !== 'string' || target.length > 320 || !EMAIL.test(target.trim())) {
    throw badRequest(TARGET_MESSAGE, [{ path: 'target', message: TARGET_MESSAGE }]);
  }
  return normaliseEmail(target);
}

/**
 * Practitioners are invited by those holding administrative CanInviteUsers. Patients and related
 * persons also by the clinicians who document their care (clinical Note): the profile read that
 * follows limits them to patients within their population, like any chart access.
 */
function assertMayInvite(principal: Principal, type: ProfileType): void {
  if (principal.kind === 'patient' || principal.kind === 'relatedPerson') throw denied('a portal login cannot invite');
  if (hasFlag(principal.permissions, 'administrative', 'CanInviteUsers')) return;
  if (type !== 'Practitioner' && hasFlag(principal.permissions, 'clinical', 'Note')) return;
  throw denied(`inviting a ${type} needs administrative CanInviteUsers${type === 'Practitioner' ? '' : ' or clinical Note'}`);
}

/**
 * A new practitioner starts as Practitioner when the inviter could hand out that role's grant sets
 * itself; otherwise with no roles until someone who may assigns them (an invite is not a way round
 * canDelegate). Portal logins reach through the portal table: Patient, and none for a related person.
 */
function defaultRoles(type: ProfileType, principal: Principal): string[] {
  if (type === 'Patient') return ['Patient'];
  if (type === 'RelatedPerson') return [];
  return canDelegate(principal.permissions, roleGrantSets('Practitioner'), { associate: principal.kind === 'associate' })
    ? ['Practitioner']
    : [];
}

/**
 * An account inactive in this practice (deactivated, or an invite that lapsed after it had signed
 * up) is restored by accepting a new invite, so only a user manager (CanManageUsers, who could
 * activate it anyway) may send one. Re-sending a live invite, or inviting someone who never
 * signed up, needs only the invite right.
 */
async function assertReinvitable(ctx: AdminContext, tx: Queryable, account: Account, now: Date): Promise<void> {
  const here = await membershipsInPractice(tx, account.id, ctx.principal.practiceId);
  if (here.every((m) => m.active)) return;
  if (await hasLiveInvite(tx, account.id, ctx.principal.practiceId, now)) return;
  const neverSignedUp = !account.passwordHash && !(await membershipsOf(tx, account.id)).some((m) => m.active);
  if (neverSignedUp) return;
  assertAdministrative(ctx.principal, ['CanManageUsers']);
}

const patientOf = (type: ProfileType, profile: Resource) =>
  type === 'Patient' ? profile.id : type === 'RelatedPerson' ? (profile.partition ?? undefined) : undefined;

/**
 * Invites a person by e-mail to act as a profile of the practice (SPEC.md section 7): the account
 * for the e-mail (made without a password if new), a membership linking it to the profile
 * (inactive until accepted), a single-use link valid 7 days (replacing earlier ones), an audit
 * event and the e-mail. `created` is false when the profile was already linked (a re-send).
 */
export async function sendInvite(deps: InviteDeps, profileId: string, body: unknown): Promise<{ created: boolean; invite: InviteAnswer }> {
  const { type, repo, ctx: repoCtx } = deps.scope;
  if (!INVITABLE.has(type.name)) throw notFound();
  const profileType = type.name as ProfileType;
  const principal = repoCtx.access.principal;
  const ctx: AdminContext = {
    db: repoCtx.db,
    principal,
    clock: repoCtx.clock,
    requestId: repoCtx.requestId ?? '',
    address: repoCtx.address ?? '',
  };
  const email = parseTarget(body);
  assertMayInvite(principal, profileType);
  // Through the repository: the caller's reach applies (404 outside it) and the read is audited.
  const profile = await repo.read(type, profileId);
  const now = ctx.clock();

  const result = await ctx.db.transaction(async (tx) => {
    // Two invites for one profile at once: the second waits, then sees the first's membership.
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`invite:${principal.practiceId}:${profileType}:${profileId}`]);
    const account = await ensureAccount(tx, email);
    // Nobody links their own account to another profile: it would let them act, and be audited,
    // as someone else, with that profile's reach (as nobody changes their own roles).
    if (account.id === principal.accountId) throw denied('nobody invites their own account');
    const linked = await membershipForProfile(tx, principal.practiceId, profileType, profileId);
    if (linked && linked.accountId !== account.id) {
      throw new AppError(ErrorCodes.Conflict, 'This profile is already linked to another account.');
    }
    await assertReinvitable(ctx, tx, account, now);
    const membership = linked ?? {
      accountId: account.id,
      practiceId: principal.practiceId,
      profileType,
      profileId,
      roles: defaultRoles(profileType, principal),
      active: false,
    };
    if (profileType === 'Practitioner' && !membership.active) await assertWithinInviterReach(tx, principal, membership);
    if (!linked) await upsertMembership(tx, membership);
    await revokeTokens(tx, account.id, 'invite', now, principal.practiceId);
    const token = await issueToken(tx, { kind: 'invite', accountId: account.id, practiceId: principal.practiceId, now });
    const description = `${linked ? 'Invite re-sent' : 'Invite sent'} to ${profileType}/${profileId} (account ${account.id})`;
    await recordAuditIn(
      tx,
      securityChangeAudit(ctx, {
        action: linked ? 'U' : 'C',
        description,
        entity: { resourceType: profileType, id: profileId },
        patientId: patientOf(profileType, profile),
      }),
      now,
    );
    return { account, membership, token, created: !linked };
  });

  const link = `${deps.publicUrl()}/accept-invite?token=${result.token.secret}`;
  const timeZone = practiceTimeZone(await loadPracticePreferences(repoCtx.db, principal.practiceId));
  await deps.mailer.send(inviteMessage(email, principal.practiceId, link, result.token.expiresAt, timeZone));
  return {
    created: result.created,
    invite: {
      accountId: result.account.id,
      email,
      profile: `${profileType}/${profileId}`,
      roles: result.membership.roles,
      active: result.membership.active,
      expiresAt: result.token.expiresAt.toISOString(),
    },
  };
}
