import { useMemo } from 'react';
import { resourceActions, type ResourceActions } from '../utils/resource-actions.ts';
import { useAdminPermissions } from './useAdminPermissions.ts';

/** The actions to offer on `resourceType` (create, edit and deactivate) for the signed-in profile. */
export function useResourceActions(resourceType: string): ResourceActions {
  const permissions = useAdminPermissions();
  return useMemo(() => resourceActions(permissions, resourceType), [permissions, resourceType]);
}
