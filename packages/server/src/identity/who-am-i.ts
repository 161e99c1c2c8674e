import type { FastifyInstance } from 'fastify';
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

/**
 * Who is signed in: the account, the current session and every active profile it can act as.
 * The body of sign-in, of the session call and of accepting an invite alike.
 */
export async function whoAmI(app: FastifyInstance, identity: Identity) {
  const memberships = (await membershipsOf(app.db.pool, identity.account.id)).filter((m) => m.active);
  return {
    account: { id: identity.account.id, email: identity.account.email, associateRole: identity.account.associateRole },
    session: sessionView(identity.session, identity.session),
    profiles: memberships.map((m) => ({ practiceId: m.practiceId, profile: `${m.profileType}/${m.profileId}`, roles: m.roles })),
  };
}
