import { hasFlag, rolePermissions, type Permission, type SessionInfo, type WhoAmI } from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { membershipPermissions } from '../access/principal.ts';
import { practiceNames } from '../storage/practice-names.ts';
import { membershipsOf } from './account-store.ts';
import type { Identity } from './auth.plugin.ts';
import type { Session } from './session-store.ts';

/** A session as its owner sees it in lists; `id` is the session's hash, never its secret. */
export const sessionView = (s: Session, current?: Session): SessionInfo => ({
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
 * The body of sign-in, of the session call and of accepting an invite alike. An associate whose
 * role views every practice (ViewAllPractices) also gets the practices it may open without a
 * profile (`account.practices`, oldest first: the client opens the first unless told otherwise)
 * and their names (`account.practiceNames`, by id, for those that have one). Each profile carries
 * its own practice's name (`practiceName`, null when it has none): people know a practice by its
 * name, not by the id in its URLs.
 *
 * Each profile carries the permissions its roles give (built-in roles and the practice's own
 * security roles alike, exactly as the server checks them), and the account its associate role's:
 * the web client decides what to offer from these, so it never needs the role catalogue (which
 * would weigh on its first load, and could not know a practice's own roles anyway). What to
 * offer only: the server still checks every call.
 */
export async function whoAmI(app: FastifyInstance, identity: Identity): Promise<WhoAmI> {
  const memberships = (await membershipsOf(app.db.pool, identity.account.id)).filter((m) => m.active);
  const { associateRole } = identity.account;
  const associate = associateRole ? rolePermissions(associateRole, 'associate') : undefined;
  const practices = associate && hasFlag(associate, 'administrative', 'ViewAllPractices') ? await app.practices.list() : null;
  // Names of the practices this account may open, and of no other: its profiles' own, and every
  // practice only for an associate who views them all.
  const names = await practiceNames(app.db.pool, [...memberships.map((m) => m.practiceId), ...(practices ?? [])]);
  return {
    account: {
      id: identity.account.id,
      email: identity.account.email,
      associateRole,
      permissions: associate ? listOf(associate) : null,
      practices,
      practiceNames: practices ? Object.fromEntries(practices.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))) : null,
    },
    session: sessionView(identity.session, identity.session),
    profiles: await Promise.all(
      memberships.map(async (m) => ({
        practiceId: m.practiceId,
        practiceName: names.get(m.practiceId) ?? null,
        profile: `${m.profileType}/${m.profileId}`,
        roles: m.roles,
        permissions: listOf(await membershipPermissions(app.db.pool, m)),
      })),
    ),
  };
}
