import { AppError, ErrorCodes, MESSAGES, getResourceType } from '@caseload/core';
import { AccessPolicy, accessPolicyFor } from '../access/access-policy.ts';
import { membershipPermissions, populationOf, type Principal } from '../access/principal.ts';
import type { Queryable } from '../db/database.ts';
import { SystemReader } from '../storage/system-reader.ts';
import type { Membership } from './account-store.ts';

const PATIENT = getResourceType('Patient')!;

/**
 * An invite gives its account what the profile reaches, so it may give no more than the inviter
 * could grant: the grant sets are held to canDelegate (invite.service.ts `defaultRoles`), and here
 * the patients. A practitioner profile reaches by its own programs or care teams, which are the
 * profile's, not the inviter's to hand out: linking it is refused (403) when the account would
 * then reach a patient the inviter does not reach by its own population (never through a
 * security token). Portal profiles need no check: the inviter read the patient's record to invite.
 */
export async function assertWithinInviterReach(tx: Queryable, inviter: Principal, membership: Membership): Promise<void> {
  const permissions = await membershipPermissions(tx, membership);
  const invitee: Principal = {
    accountId: membership.accountId,
    practiceId: membership.practiceId,
    actor: { resourceType: membership.profileType, id: membership.profileId },
    kind: 'staff',
    permissions,
    population: await populationOf(tx, membership, permissions),
  };
  const mine = accessPolicyFor(inviter, []);
  if (mine.reachesEvery(PATIENT)) return;
  const wider = await new SystemReader(tx, inviter.practiceId).exists(PATIENT, {
    reachableBy: { access: new AccessPolicy(invitee) },
    outsideReachOf: { access: mine },
  });
  if (wider) {
    throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, {
      cause: `the profile reaches patients the inviter does not (${membership.profileType}/${membership.profileId})`,
    });
  }
}
