import { useMemo } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { useSignedInUser } from '../../session/index.ts';
import { AREAS, type Area } from '../utils/areas.ts';
import { knownPermissions, visibleAreas } from '../utils/visible-areas.ts';

/** The feature areas to offer the signed-in user in the current practice. */
export function useVisibleAreas(): Area[] {
  const { current } = useCurrentPractice();
  const associateRole = useSignedInUser()?.account.associateRole;
  return useMemo(() => {
    const permissions = current
      ? knownPermissions(current.roles)
      : associateRole
        ? knownPermissions([associateRole], 'associate')
        : undefined;
    return visibleAreas(AREAS, permissions);
  }, [current, associateRole]);
}
