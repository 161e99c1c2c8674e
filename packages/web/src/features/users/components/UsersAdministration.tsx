import { Anchor, Breadcrumbs, Button, Group, SegmentedControl, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useUserManagementRights } from '../hooks/useUserManagementRights.ts';
import { useUsersAdministration, type UsersShown } from '../hooks/useUsersAdministration.ts';
import { ActiveConfirmDialog } from './ActiveConfirmDialog.tsx';
import { GrantSetTable } from './GrantSetTable.tsx';
import { InviteStaffDialog } from './InviteStaffDialog.tsx';
import { RolesDialog } from './RolesDialog.tsx';
import { UsersTable } from './UsersTable.tsx';

/**
 * `/administration/users`: the practice's users with their roles, state and grant sets; who
 * holds which grant set; inviting staff, changing roles, deactivating and activating.
 */
export function UsersAdministration() {
  useDocumentTitle('Users · Caseload');
  const {
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
    callerPermissions,
    associate,
    selfAccountId,
    dialog,
    setDialog,
    close,
    invited,
    saveRoles,
    toggleActive,
  } = useUsersAdministration();
  const { canInvite, canChangeRoles, canManage } = useUserManagementRights();

  let body;
  if (!users && loading) body = <LoadingIndicator fullScreen={false} label="Loading users" />;
  else if (!users && error) body = <FormErrorAlert error={error} />;
  else if (users && users.length === 0)
    body = (
      <EmptyState
        icon={IconUsers}
        title="No users yet"
        description="Invite your staff: each gets an e-mail with a link to set a password."
      />
    );
  else if (users)
    body = (
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="grant-sets">Grant sets</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <Group align="flex-end" mb="sm">
            <TextInput
              type="search"
              label="Search users"
              placeholder="Name or e-mail"
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              w={300}
            />
            <SegmentedControl
              aria-label="Which users"
              value={scope}
              onChange={(v) => setScope(v as UsersShown)}
              data={[
                { value: 'staff', label: 'Staff' },
                { value: 'all', label: 'Everyone (portal logins too)' },
              ]}
            />
          </Group>
          {error !== null && <FormErrorAlert error={error} />}
          {shown.length === 0 ? (
            <EmptyState
              icon={IconSearch}
              title="No user matches"
              description="Try another name or e-mail, or show everyone."
              headingOrder={3}
            />
          ) : (
            <UsersTable
              users={shown}
              nameOf={nameOf}
              options={options}
              selfAccountId={selfAccountId}
              canChangeRoles={canChangeRoles}
              canManage={canManage}
              onRoles={(user) => setDialog({ kind: 'roles', user })}
              onToggleActive={(user) => setDialog({ kind: 'active', user })}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="grant-sets" pt="md">
          <GrantSetTable users={users} nameOf={nameOf} />
        </Tabs.Panel>
      </Tabs>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Breadcrumbs mb={4}>
            <Anchor component={Link} to="/administration" fz="sm">
              Administration
            </Anchor>
            <Text fz="sm">Users</Text>
          </Breadcrumbs>
          <Title order={1} fz={24}>
            Users
          </Title>
          <Text c="dimmed">Who can sign in to this practice, with which roles, and what those roles allow.</Text>
        </div>
        {canInvite && (
          <Button leftSection={<IconMailPlus size={18} />} onClick={() => setDialog({ kind: 'invite' })}>
            Invite staff
          </Button>
        )}
      </Group>
      {body}
      {dialog?.kind === 'invite' && <InviteStaffDialog options={options} onClose={close} onInvited={invited} />}
      {dialog?.kind === 'roles' && (
        <RolesDialog
          user={dialog.user}
          name={nameOf(dialog.user)}
          options={options}
          callerPermissions={callerPermissions}
          associate={associate}
          onClose={close}
          onSave={(roles) => saveRoles(dialog.user, roles)}
        />
      )}
      {dialog?.kind === 'active' && (
        <ActiveConfirmDialog
          name={nameOf(dialog.user)}
          deactivate={dialog.user.active}
          onClose={close}
          onConfirm={() => toggleActive(dialog.user)}
        />
      )}
    </Stack>
  );
}
