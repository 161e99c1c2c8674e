import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { IconButton } from '../IconButton.tsx';
import type { Lifecycle } from './lifecycle.ts';
import { nameOf, type NamedResource } from './list-view.ts';
import type { AdminColumn, ResourceActions } from './AdminListPanel.tsx';

export interface AdminListTableProps<T extends NamedResource> {
  rows: T[];
  /** The table's accessible name: the records' plural noun. */
  label: string;
  columns: AdminColumn<T>[];
  lifecycle: Lifecycle<T>;
  actions: ResourceActions;
  onEdit: (item: T) => void;
  onStep: (item: T) => void;
}

/** An admin list's rows: name (and the lifecycle's badge), the list's columns, Edit and the lifecycle's step. */
export function AdminListTable<T extends NamedResource>({
  rows,
  label,
  columns,
  lifecycle,
  actions,
  onEdit,
  onStep,
}: AdminListTableProps<T>) {
  const badgeOf = (item: T) => {
    const badge = lifecycle.badge(item);
    return (
      badge && (
        <Badge color={badge.color} variant="light" size="sm">
          {badge.label}
        </Badge>
      )
    );
  };

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {lifecycle.badgeColumn && <Table.Th>{lifecycle.badgeColumn}</Table.Th>}
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th w={110}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => {
            const step = lifecycle.step(item);
            return (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={500}>{nameOf(item)}</Text>
                    {!lifecycle.badgeColumn && badgeOf(item)}
                  </Group>
                </Table.Td>
                {lifecycle.badgeColumn && <Table.Td>{badgeOf(item)}</Table.Td>}
                {columns.map((c) => (
                  <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <IconButton
                      icon={IconPencil}
                      label={`${actions.update ? 'Edit' : 'View'} ${nameOf(item)}`}
                      onClick={() => onEdit(item)}
                    />
                    {actions.update && <IconButton icon={step.icon} label={`${step.label} ${nameOf(item)}`} onClick={() => onStep(item)} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
