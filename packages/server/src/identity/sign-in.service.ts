import { AppError, ErrorCodes, isAppError, GLOBAL_PRACTICE } from '@caseload/core';
import { signInAudit, signOutAudit } from '../audit/account-audit.ts';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { findAccountByEmail, membershipsOf, normaliseEmail, type Account } from './account-store.ts';
import { dummyHash, verifyPassword } from './password.ts';
import { createSession, endSession, type Session } from './session-store.ts';
import { assertNotThrottled, clearFailures, recordFailure } from './sign-in-throttle.ts';

/** Where a call came from, and nothing else of its request (never its password). */
const callerOf = (request: { address?: string; userAgent?: string; requestId?: string }) => ({
  address: request.address,
  userAgent: request.userAgent,
  requestId: request.requestId,
});

export const WRONG_CREDENTIALS = 'The e-mail or password is incorrect.';
const DEFAULT_TIMEOUT_MINUTES = 30;

export interface SignInDeps {
  db: Queryable;
  audit: AuditWriter;
  clock: () => Date;
}

export interface SignInRequest {
  email: unknown;
  password: unknown;
  address?: string;
  userAgent?: string;
  requestId?: string;
}

/**
 * Checks an e-mail and password and opens a new session. Unknown e-mails, wrong passwords and
 * disabled accounts all get the same answer after the same work (a hash is verified either way),
 * so neither message nor timing tells which e-mails exist. Every outcome is audited, in each
 * practice the account belongs to.
 */
export async function signIn(deps: SignInDeps, request: SignInRequest): Promise<{ account: Account; session: Session; secret: string }> {
  if (typeof request.email !== 'string' || typeof request.password !== 'string' || request.email.length > 320) {
    throw new AppError(ErrorCodes.BadRequest, 'Send an e-mail and a password.');
  }
  const email = normaliseEmail(request.email);
  const now = deps.clock();
  const account = await findAccountByEmail(deps.db, email);
  const practices = account ? (await membershipsOf(deps.db, account.id)).filter((m) => m.active).map((m) => m.practiceId) : [];
  const auditTo = async (outcome: 'Success' | 'Failure', alert: boolean, description?: string) => {
    const targets = practices.length ? [...new Set(practices)] : [GLOBAL_PRACTICE];
    await Promise.all(
      targets.map((practiceId) =>
        deps.audit.record(signInAudit(practiceId, { ...callerOf(request), accountId: account?.id }, outcome, alert, description)),
      ),
    );
  };

  try {
    await assertNotThrottled(deps.db, email, request.address, now);
  } catch (error) {
    if (isAppError(error)) await auditTo('Failure', true, `Sign-in throttled for ${email}`);
    throw error;
  }
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash()), request.password);
  if (!account || !account.passwordHash || !ok || account.disabled) {
    await recordFailure(deps.db, email, request.address);
    await auditTo('Failure', false, account?.disabled ? 'Account is deactivated' : 'Wrong e-mail or password');
    throw new AppError(ErrorCodes.Unauthorized, WRONG_CREDENTIALS);
  }
  await clearFailures(deps.db, email);
  const timeout = practices[0] ? (await loadPracticePreferences(deps.db, practices[0])).sessionTimeoutInMinutes : DEFAULT_TIMEOUT_MINUTES;
  const { session, secret } = await createSession(deps.db, {
    accountId: account.id,
    idleTimeoutMinutes: timeout,
    address: request.address,
    userAgent: request.userAgent,
  });
  await auditTo('Success', false);
  return { account, session, secret };
}

/**
 * Ends the caller's session and audits the sign-out (a logout event) in each practice the account
 * belongs to, or outside any practice when it belongs to none.
 */
export async function signOut(
  deps: Omit<SignInDeps, 'clock'>,
  caller: { accountId: string; sessionIdHash: string },
  request: { address?: string; requestId?: string },
): Promise<void> {
  await endSession(deps.db, caller.sessionIdHash);
  const practices = [...new Set((await membershipsOf(deps.db, caller.accountId)).map((m) => m.practiceId))];
  await deps.audit.recordAll(
    (practices.length ? practices : [GLOBAL_PRACTICE]).map((practiceId) =>
      signOutAudit(practiceId, { ...callerOf(request), accountId: caller.accountId }),
    ),
  );
}
