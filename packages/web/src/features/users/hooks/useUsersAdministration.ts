import type { Permission } from '@caseload/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { useSignedInUser } from '../../session/index.ts';
import type { InviteAnswer, PracticeUser } from '../api/users.api.ts';
import { splitProfile, userName } from '../utils/user-name.ts';
import { useCallerPermissions } from './useCallerPermissions.ts';
import { usePracticeUsers } from './usePracticeUsers.ts';
import type { RoleOption } from '../utils/role-options.ts';
import { useRoleOptions } from './useRoleOptions.ts';
import { useStaffNames } from './useStaffNames.ts';
import { useUserActions } from './useUserActions.ts';

/** The dialog open over the users screen, if any. */
export type UsersDialog = { kind: 'invite' } | { kind: 'roles'; user: PracticeUser } | { kind: 'active'; user: PracticeUser } | null;

/** Which users the list shows: staff (profiles that are Practitioners) or everyone with a login. */
export type UsersShown = 'staff' | 'all';

export interface UsersAdministration {
  /** Every user of the practice; undefined until read. */
  users: PracticeUser[] | undefined;
  loading: boolean;
  error: unknown;
  /** The users the search and the scope leave. */
  shown: PracticeUser[];
  text: string;
  setText: (text: string) => void;
  scope: UsersShown;
  setScope: (scope: UsersShown) => void;
  nameOf: (user: PracticeUser) => string;
  options: RoleOption[];
  callerPermissions: ReadonlySet<Permission> | undefined;
  associate: boolean;
  selfAccountId: string | undefined;
  dialog: UsersDialog;
  setDialog: (dialog: UsersDialog) => void;
  close: () => void;
  /** After an invite: gives the chosen role, reads the users again and says the invite went. */
  invited: (answer: InviteAnswer, role: string) => Promise<void>;
  saveRoles: (user: PracticeUser, roles: string[]) => Promise<void>;
  /** Deactivates an active user, activates an inactive one. */
  toggleActive: (user: PracticeUser) => Promise<void>;
}

/** The users screen's data, search, dialogs and calls (docs/identity.md). */
export function useUsersAdministration(): UsersAdministration {
  const { users, loading, error, reload, replace } = usePracticeUsers();
  const { byId } = useStaffNames();
  const { options } = useRoleOptions();
  const { permissions, associate } = useCallerPermissions();
  const actions = useUserActions();
  const self = useSignedInUser()?.account.id;
  const [dialog, setDialog] = useState<UsersDialog>(null);
  const [text, setText] = useState('');
  const [scope, setScope] = useState<UsersShown>('staff');
  const nameOf = useCallback((u: PracticeUser) => userName(u, byId), [byId]);
  const close = useCallback(() => setDialog(null), []);

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (users ?? []).filter(
      (u) =>
        (scope === 'all' || splitProfile(u.profile).resourceType === 'Practitioner') &&
        (!needle || nameOf(u).toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)),
    );
  }, [users, text, scope, nameOf]);

  const invited = async (answer: InviteAnswer, role: string) => {
    try {
      await actions.giveRole(answer, role);
    } finally {
      reload();
    }
    notifications.show({ color: 'caseload', message: `Invite sent to ${answer.email}.` });
  };
  const saveRoles = async (user: PracticeUser, roles: string[]) => {
    replace(await actions.setRoles(user, roles));
    notifications.show({ color: 'caseload', message: `Saved the roles of ${nameOf(user)}.` });
  };
  const toggleActive = async (user: PracticeUser) => {
    await actions.setActive(user, !user.active);
    reload();
  };

  return {
    users,
    loading,
    error,
    shown,
    text,
    setText,
    scope,
    setScope,
    nameOf,
    options,
    callerPermissions: permissions,
    associate,
    selfAccountId: self,
    dialog,
    setDialog,
    close,
    invited,
    saveRoles,
    toggleActive,
  };
}
