import { Anchor, Badge, Button, Collapse, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { PracticeUser } from '../api/users.api.ts';
import { roleLabel, type RoleOption } from '../utils/role-options.ts';
import { splitProfile, userStatus } from '../utils/user-name.ts';

export interface UserRowProps {
  user: PracticeUser;
  name: string;
  options: readonly RoleOption[];
  /** Whose row this is: nobody changes their own roles or deactivates themselves. */
  isSelf: boolean;
  canChangeRoles: boolean;
  canManage: boolean;
  onRoles: () => void;
  onToggleActive: () => void;
}

const STATUS_COLOR = { Active: 'intent-success', 'Invite pending': 'intent-warning', Deactivated: 'gray' } as const;
/** Badges show their whole words: a cut-off role name says nothing. */
const NO_TRUNCATE = { root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } } as const;
const PROFILE_WORDS: Record<string, string> = { Practitioner: 'Staff', Patient: 'Patient portal', RelatedPerson: 'Related person portal' };

/** One user: who, their profile, roles, state, the grant sets they hold (folded), and actions. */
export function UserRow({ user, name, options, isSelf, canChangeRoles, canManage, onRoles, onToggleActive }: UserRowProps) {
  const [open, { toggle }] = useDisclosure(false);
  const status = userStatus(user);
  const staff = splitProfile(user.profile).resourceType === 'Practitioner';
  return (
    <Table.Tr data-testid="user-row" data-email={user.email}>
      <Table.Th scope="row" fw={500}>
        {staff ? (
          <Anchor component={Link} to={`/staff/${splitProfile(user.profile).id}`} fw={500} fz="sm">
            {name}
          </Anchor>
        ) : (
          name
        )}
        {isSelf && (
          <Badge ml={6} size="xs" variant="light">
            You
          </Badge>
        )}
      </Table.Th>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{PROFILE_WORDS[splitProfile(user.profile).resourceType] ?? user.profile}</Table.Td>
      <Table.Td miw={160}>
        <Group gap={4}>
          {user.roles.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No roles
            </Text>
          ) : (
            user.roles.map((r) => (
              <Badge key={r} variant="outline" tt="none" data-testid="user-role" styles={NO_TRUNCATE}>
                {roleLabel(r, options)}
              </Badge>
            ))
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[status]} variant="light" tt="none" data-testid="user-status" styles={NO_TRUNCATE}>
          {status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={open}
          leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          aria-label={`${user.grantSets.length} grant sets held by ${name}`}
        >
          {user.grantSets.length}
        </Button>
        <Collapse expanded={open}>
          <Group gap={4} mt={4} maw={360} aria-label={`Grant sets of ${name}`} role="list">
            {user.grantSets.map((g) => (
              <Badge key={g} size="sm" variant="light" tt="none" role="listitem">
                {g}
              </Badge>
            ))}
          </Group>
        </Collapse>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canChangeRoles && staff && !isSelf && (
            <Button variant="default" size="compact-sm" onClick={onRoles} aria-label={`Change roles of ${name}`}>
              Roles
            </Button>
          )}
          {canManage && !isSelf && status !== 'Invite pending' && (
            <Button
              variant="subtle"
              size="compact-sm"
              color={user.active ? 'red' : undefined}
              onClick={onToggleActive}
              aria-label={`${user.active ? 'Deactivate' : 'Activate'} ${name}`}
            >
              {user.active ? 'Deactivate' : 'Activate'}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
