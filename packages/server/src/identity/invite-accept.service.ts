import { badRequest, type InviteStatus } from '@caseload/core';
import { inviteAcceptedAudit } from '../audit/account-audit.ts';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { recordAuditIn } from '../audit/audit-writer.ts';
import type { RequestDatabase } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { findAccount, setPasswordHash, setPracticeMembershipsActive, syncAccountDisabled, type Account } from './account-store.ts';
import { LINK_INVALID, consumeToken, findLiveToken } from './invite-tokens.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { createSession, endAllSessions, type Session } from './session-store.ts';
import { clearFailures } from './sign-in-throttle.ts';

/** What the public account calls need: the request's database, the audit writer and the clock. */
export interface AccountDeps {
  db: RequestDatabase;
  audit: AuditWriter;
  clock: () => Date;
}

/** Where a public call came from, for its session and its audit event. */
export interface Caller {
  address?: string;
  userAgent?: string;
  requestId?: string;
}

/** For the accept page: is the link still good, and for which e-mail. Uses nothing up. */
export async function inviteStatus(deps: AccountDeps, secret: string): Promise<InviteStatus> {
  const token = await findLiveToken(deps.db, 'invite', secret, deps.clock());
  const account = token && (await findAccount(deps.db, token.accountId));
  if (!token || !account) return { valid: false, detail: LINK_INVALID };
  return {
    valid: true,
    email: account.email,
    practiceId: token.practiceId,
    expiresAt: token.expiresAt.toISOString(),
    hasPassword: account.passwordHash !== null,
  };
}

/**
 * Accepts an invite: the password must meet the policy (checked before the link is used, so a
 * weak one costs nothing), then in one transaction the link is used up (exactly once, even under
 * concurrent replays), the password set, the account's memberships in the practice activated and
 * the event audited; then a new session signs the user in. An account that already had a password
 * is signed out everywhere else, as after any password change.
 */
export async function acceptInvite(
  deps: AccountDeps,
  input: { token: unknown; password: unknown } & Caller,
): Promise<{ account: Account; session: Session; secret: string }> {
  const now = deps.clock();
  const live = await findLiveToken(deps.db, 'invite', input.token, now);
  const account = live && (await findAccount(deps.db, live.accountId));
  if (!live || !account) throw badRequest(LINK_INVALID);
  assertPasswordPolicy(input.password, account.email);
  const passwordHash = await hashPassword(input.password);

  await deps.db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'invite', input.token, deps.clock());
    await setPasswordHash(tx, account.id, passwordHash);
    if (account.passwordHash) await endAllSessions(tx, account.id);
    await setPracticeMembershipsActive(tx, account.id, token.practiceId, true);
    await syncAccountDisabled(tx, account.id);
    await clearFailures(tx, account.email);
    await recordAuditIn(
      tx,
      inviteAcceptedAudit(token.practiceId, {
        address: input.address,
        userAgent: input.userAgent,
        requestId: input.requestId,
        accountId: account.id,
      }),
      now,
    );
  });
  const preferences = await loadPracticePreferences(deps.db, live.practiceId);
  const { session, secret } = await createSession(deps.db, {
    accountId: account.id,
    idleTimeoutMinutes: preferences.sessionTimeoutInMinutes,
    address: input.address,
    userAgent: input.userAgent,
  });
  return { account: { ...account, passwordHash, disabled: false }, session, secret };
}
