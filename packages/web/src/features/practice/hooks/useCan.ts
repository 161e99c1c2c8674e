import { profileCan, type Action } from '@caseload/core';
import { useProfileAccess } from './useProfileAccess.ts';

/**
 * Whether to offer `action` on `resourceType` to the acting profile: every create, edit, delete or
 * inline edit a screen offers asks this first, so nothing is offered that the server would refuse
 * (an edit made offline and refused later is work lost to the user). `fields`, for an update,
 * names the top-level fields it changes (a portal login may change only some). False while the
 * session says nothing of the user's permissions.
 */
export function useCan(action: Action, resourceType: string, fields?: readonly string[]): boolean {
  const access = useProfileAccess();
  return access !== undefined && profileCan(access, action, resourceType, fields);
}
