import type { ResourceActions } from '../../../ui/admin/AdminListPanel.tsx';
import { useCan } from './useCan.ts';

/** The actions to offer on `resourceType` (create, edit and deactivate) for the acting profile. */
export function useResourceActions(resourceType: string): ResourceActions {
  return { create: useCan('Create', resourceType), update: useCan('Update', resourceType) };
}
