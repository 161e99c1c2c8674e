import { AUDIT_EVENT_SUBTYPES, AUDIT_EVENT_TYPES, type AuditAction } from '@caseload/core';
import type { AuditRecord } from './audit-writer.ts';

/** Who acted on an account's own behalf (signing in, a reset link), and from where. */
export interface AccountCaller {
  accountId?: string;
  address?: string;
  userAgent?: string;
  requestId?: string;
}

const agentOf = (caller: AccountCaller) => ({
  accountId: caller.accountId,
  address: caller.address,
  userAgent: caller.userAgent?.slice(0, 500),
});

/**
 * A sign-in attempt (User Authentication, login): `alert` files a throttled attempt as a Security
 * Alert instead; `description` says why a failure failed.
 */
export function signInAudit(
  practiceId: string,
  caller: AccountCaller,
  outcome: 'Success' | 'Failure',
  alert: boolean,
  description?: string,
): AuditRecord {
  return {
    practiceId,
    event: {
      type: alert ? AUDIT_EVENT_TYPES.securityAlert : AUDIT_EVENT_TYPES.userAuthentication,
      subtype: AUDIT_EVENT_SUBTYPES.login,
      action: 'E',
      outcome,
      description,
      agent: agentOf(caller),
      requestId: caller.requestId,
    },
  };
}

/** A sign-out (User Authentication, logout). */
export function signOutAudit(practiceId: string, caller: AccountCaller): AuditRecord {
  return {
    practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.userAuthentication,
      subtype: AUDIT_EVENT_SUBTYPES.logout,
      action: 'E',
      outcome: 'Success',
      agent: { accountId: caller.accountId, address: caller.address },
      requestId: caller.requestId,
    },
  };
}

/** An invite accepted: the password set and the account signed in (User Authentication, login). */
export function inviteAcceptedAudit(practiceId: string, caller: AccountCaller & { accountId: string }): AuditRecord {
  return {
    practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.userAuthentication,
      subtype: AUDIT_EVENT_SUBTYPES.login,
      action: 'E',
      outcome: 'Success',
      description: 'Invite accepted: password set and signed in',
      agent: agentOf(caller),
      entity: { resourceType: 'Account', id: caller.accountId },
      requestId: caller.requestId,
    },
  };
}

/** A step of a password reset (asked for, refused, completed), as a Security Alert on the account. */
export function passwordResetAudit(practiceId: string, caller: AccountCaller, action: AuditAction, description: string): AuditRecord {
  return {
    practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.securityAlert,
      action,
      outcome: 'Success',
      description,
      agent: agentOf(caller),
      entity: caller.accountId ? { resourceType: 'Account', id: caller.accountId } : undefined,
      requestId: caller.requestId,
    },
  };
}
