import { hasFlag, type FlagGroup, type FlagName } from '@caseload/core';
import { useProfileAccess } from './useProfileAccess.ts';

/**
 * Whether the acting profile holds a flag (sign notes, invite users, ...): actions a flag allows
 * are offered only to its holders. False while the session says nothing of the user's permissions.
 */
export function useHasFlag<G extends FlagGroup>(group: G, name: FlagName<G>): boolean {
  const access = useProfileAccess();
  return access !== undefined && hasFlag(access.permissions, group, name);
}
