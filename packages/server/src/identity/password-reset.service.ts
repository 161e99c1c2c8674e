import { badRequest, type AuditAction, GLOBAL_PRACTICE } from '@caseload/core';
import { passwordResetAudit } from '../audit/account-audit.ts';
import { recordAuditIn, type AuditRecord } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import { passwordResetMessage } from '../mail/mail-templates.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { findAccount, findAccountByEmail, membershipsOf, normaliseEmail, setPasswordHash } from './account-store.ts';
import type { AccountDeps, Caller } from './invite-accept.service.ts';
import { LINK_INVALID, consumeToken, findLiveToken, issueToken, resetTokensIssuedSince, revokeTokens } from './invite-tokens.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { endAllSessions } from './session-store.ts';
import { clearFailures } from './sign-in-throttle.ts';

/** At most this many reset e-mails per account per window; further requests are dropped silently. */
export const RESET_THROTTLE = { perEmail: 3, windowMs: 15 * 60 * 1000 } as const;

/** Password-reset events, in every practice the account belongs to (GLOBAL_PRACTICE when none), as Security Alert. */
async function auditReset(
  db: Queryable,
  accountId: string | undefined,
  caller: Caller,
  action: AuditAction,
  description: string,
): Promise<AuditRecord[]> {
  const practices = accountId ? [...new Set((await membershipsOf(db, accountId)).map((m) => m.practiceId))] : [];
  return (practices.length ? practices : [GLOBAL_PRACTICE]).map((practiceId) =>
    passwordResetAudit(
      practiceId,
      { address: caller.address, userAgent: caller.userAgent, requestId: caller.requestId, accountId },
      action,
      description,
    ),
  );
}

/**
 * Asks for a reset link. The answer never depends on the e-mail: unknown and deactivated accounts,
 * and requests past the throttle, are audited and otherwise ignored. Returns the e-mail to send
 * (the caller sends it after answering, so timing does not tell either) or undefined.
 */
export async function requestPasswordReset(
  deps: AccountDeps & { publicUrl: () => string },
  input: { email: unknown } & Caller,
): Promise<MailMessage | undefined> {
  if (typeof input.email !== 'string' || input.email.length === 0 || input.email.length > 320) {
    throw badRequest('Send the e-mail address of the account.', [{ path: 'email', message: 'Send the e-mail address of the account.' }]);
  }
  const now = deps.clock();
  const account = await findAccountByEmail(deps.db, normaliseEmail(input.email));
  const ignore = async (why: string) => {
    for (const record of await auditReset(deps.db, account?.id, input, 'E', `Password reset not sent: ${why}`)) {
      await deps.audit.record(record);
    }
    return undefined;
  };
  if (!account) return ignore('unknown e-mail');
  if (account.disabled) return ignore('account is deactivated');
  if ((await resetTokensIssuedSince(deps.db, account.id, now, RESET_THROTTLE.windowMs)) >= RESET_THROTTLE.perEmail) {
    return ignore('too many requests for this e-mail');
  }
  const token = await deps.db.transaction(async (tx) => {
    const issued = await issueToken(tx, { kind: 'reset', accountId: account.id, practiceId: GLOBAL_PRACTICE, now });
    for (const record of await auditReset(tx, account.id, input, 'E', 'Password reset link sent')) {
      await recordAuditIn(tx, record, now);
    }
    return issued;
  });
  return passwordResetMessage(account.email, `${deps.publicUrl()}/reset-password?token=${token.secret}`, token.expiresAt);
}

/**
 * Sets a new password from a reset link: the policy first (a weak password does not use the link
 * up), then in one transaction the link is used (exactly once), the password set, every other
 * reset link voided, every session of the account ended and the sign-in throttle cleared.
 */
export async function completePasswordReset(deps: AccountDeps, input: { token: unknown; password: unknown } & Caller): Promise<void> {
  const now = deps.clock();
  const live = await findLiveToken(deps.db, 'reset', input.token, now);
  const account = live && (await findAccount(deps.db, live.accountId));
  if (!live || !account) throw badRequest(LINK_INVALID);
  assertPasswordPolicy(input.password, account.email);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await consumeToken(tx, 'reset', input.token, deps.clock());
    await setPasswordHash(tx, account.id, passwordHash);
    await revokeTokens(tx, account.id, 'reset', now);
    await endAllSessions(tx, account.id);
    await clearFailures(tx, account.email);
    for (const record of await auditReset(tx, account.id, input, 'U', 'Password reset: password changed, all sessions ended')) {
      await recordAuditIn(tx, record, now);
    }
  });
}
