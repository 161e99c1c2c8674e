import type { Resource } from '@caseload/core';
import { Group, Menu, Stack } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../ui/IconButton.tsx';
import type { RecordAction } from './ChartRecordList.tsx';

export interface ChartRecordRowsProps<T extends Resource> {
  items: T[];
  noun: string;
  nameOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The closing actions the profile may take. */
  closers: RecordAction<T>[];
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (item: T) => void;
  onAction: (action: RecordAction<T>, item: T) => void;
  onDelete: (item: T) => void;
}

/** A chart list's records, each with Edit and a menu of its closing actions and Delete. */
export function ChartRecordRows<T extends Resource>({
  items,
  noun,
  nameOf,
  renderItem,
  closers,
  canUpdate,
  canDelete,
  onEdit,
  onAction,
  onDelete,
}: ChartRecordRowsProps<T>) {
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0, flex: 1 }}>{renderItem(item)}</div>
          <Group gap={2} wrap="nowrap">
            {canUpdate && <IconButton icon={IconPencil} label={`Edit ${noun} ${nameOf(item)}`} onClick={() => onEdit(item)} />}
            {(canDelete || closers.some((a) => a.when(item))) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <IconButton icon={IconDots} label={`More for ${noun} ${nameOf(item)}`} withTooltip={false} />
                </Menu.Target>
                <Menu.Dropdown>
                  {closers
                    .filter((a) => a.when(item))
                    .map((a) => (
                      <Menu.Item key={a.label} onClick={() => onAction(a, item)}>
                        {a.label}
                      </Menu.Item>
                    ))}
                  {canDelete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(item)}>
                      Delete (entered in error)
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
