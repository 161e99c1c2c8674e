import { Table, VisuallyHidden } from '@mantine/core';
import type { PracticeUser } from '../api/users.api.ts';
import type { RoleOption } from '../utils/role-options.ts';
import { UserRow } from './UserRow.tsx';

export interface UsersTableProps {
  users: readonly PracticeUser[];
  nameOf: (user: PracticeUser) => string;
  options: readonly RoleOption[];
  selfAccountId: string | undefined;
  canChangeRoles: boolean;
  canManage: boolean;
  onRoles: (user: PracticeUser) => void;
  onToggleActive: (user: PracticeUser) => void;
}

/** The practice's users, one row each (a practice has tens to hundreds: no virtualising needed). */
export function UsersTable({ users, nameOf, options, selfAccountId, canChangeRoles, canManage, onRoles, onToggleActive }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" aria-label="Users" data-testid="users-table" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Profile</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Grant sets</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <UserRow
              key={`${u.accountId}|${u.profile}`}
              user={u}
              name={nameOf(u)}
              options={options}
              isSelf={u.accountId === selfAccountId}
              canChangeRoles={canChangeRoles}
              canManage={canManage}
              onRoles={() => onRoles(u)}
              onToggleActive={() => onToggleActive(u)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
