import { rolePermissions, type Permission } from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { membershipPermissions } from '../access/principal.ts';
import { membershipsOf } from './account-store.ts';
import type { Identity } from './auth.plugin.ts';
import type { Session } from './session-store.ts';

/** A session as its owner sees it in lists; `id` is the session's hash, never its secret. */
export const sessionView = (s: Session, current?: Session) => ({
  id: s.idHash,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  idleTimeoutMinutes: s.idleTimeoutMinutes,
  address: s.address,
  userAgent: s.userAgent,
  current: current?.idHash === s.idHash,
});

/** Sorted, so the answer is the same whatever order the grant sets were unioned in. */
const listOf = (permissions: Iterable<Permission>): Permission[] => [...permissions].sort();

/**
 * Who is signed in: the account, the current session and every active profile it can act as.
 * The body of sign-in, of the session call and of accepting an invite alike.
 *
 * Each profile carries the permissions its roles give (built-in roles and the practice's own
 * security roles alike, exactly as the server checks them), and the account its associate role's:
 * the web client decides what to offer from these, so it never needs the role catalogue (which
 * would add 6 KB to its first load, and could not know a practice's own roles anyway). What to
 * offer only: the server still checks every call.
 */
export async function whoAmI(app: FastifyInstance, identity: Identity) {
  const memberships = (await membershipsOf(app.db.pool, identity.account.id)).filter((m) => m.active);
  const { associateRole } = identity.account;
  return {
    account: {
      id: identity.account.id,
      email: identity.account.email,
      associateRole,
      permissions: associateRole ? listOf(rolePermissions(associateRole, 'associate')) : null,
    },
    session: sessionView(identity.session, identity.session),
    profiles: await Promise.all(
      memberships.map(async (m) => ({
        practiceId: m.practiceId,
        profile: `${m.profileType}/${m.profileId}`,
        roles: m.roles,
        permissions: listOf(await membershipPermissions(app.db.pool, m)),
      })),
    ),
  };
}
