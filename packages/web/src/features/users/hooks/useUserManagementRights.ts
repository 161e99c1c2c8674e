import { useCan, useHasFlag } from '../../practice/index.ts';

export interface UserManagementRights {
  /** Invite staff: the invite flag, and creating the new colleague's Practitioner record first. */
  canInvite: boolean;
  /** Change a user's roles (either flag). */
  canChangeRoles: boolean;
  /** Deactivate and activate users. */
  canManage: boolean;
}

/** What the users screen may offer the acting profile (the server checks each call). */
export function useUserManagementRights(): UserManagementRights {
  // Inviting creates the new colleague's Practitioner record first, then sends the link.
  const invites = useHasFlag('administrative', 'CanInviteUsers');
  const createsPractitioners = useCan('Create', 'Practitioner');
  const modifiesRoles = useHasFlag('administrative', 'CanModifyRoles');
  const managesRoles = useHasFlag('administrative', 'RoleManagement');
  const canManage = useHasFlag('administrative', 'CanManageUsers');
  return { canInvite: invites && createsPractitioners, canChangeRoles: modifiesRoles || managesRoles, canManage };
}
