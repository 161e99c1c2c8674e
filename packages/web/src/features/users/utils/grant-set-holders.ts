import { GRANT_SET_AREAS } from '@caseload/core';
import type { PracticeUser } from '../api/users.api.ts';

/** One catalogue grant set and the users who hold it in full. */
export interface GrantSetHolders {
  name: string;
  area: string;
  description: string;
  holders: PracticeUser[];
}

/**
 * "Who holds Sign notes?": every grant set of the catalogue, in its order, with the users whose
 * roles hold it in full (the server's `grantSets` of each user; a grant set counts as held only
 * when all its permissions are granted, SPEC.md section 6). Inactive users are left out unless
 * `includeInactive`, since they can do nothing until reactivated.
 */
export function grantSetHolders(users: readonly PracticeUser[], options: { includeInactive?: boolean } = {}): GrantSetHolders[] {
  const counted = options.includeInactive ? users : users.filter((u) => u.active || u.pendingInvite);
  return GRANT_SET_AREAS.flatMap((area) =>
    area.grantSets.map((g) => ({
      name: g.name,
      area: area.area,
      description: g.description,
      holders: counted.filter((u) => u.grantSets.includes(g.name)),
    })),
  );
}
