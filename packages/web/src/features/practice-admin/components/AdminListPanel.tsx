import { Alert, Badge, Button, Group, Stack, Switch, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPencil, IconPlus, IconSearch, type Icon } from '@tabler/icons-react';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useCollection } from '../../../data/index.ts';
import { userMessageFor } from '../../../platform/core-web.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { Modal, type ModalProps } from '../../../ui/Modal.tsx';
import { useResourceActions } from '../hooks/useResourceActions.ts';
import { useSaveResource } from '../hooks/useSaveResource.ts';
import { ACTIVE_OR_INACTIVE, type Lifecycle } from '../utils/lifecycle.ts';
import { draftOf, listView, nameOf, type NamedResource } from '../utils/list-view.ts';
import type { AdminFormProps } from './admin-form-props.ts';

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

export interface AdminListPanelProps<T extends NamedResource> {
  resourceType: string;
  collection: string;
  /** How the screen names one and many (already in the practice's words). */
  noun: { singular: string; plural: string };
  description: string;
  icon: Icon;
  /** Columns after the name. */
  columns?: AdminColumn<T>[];
  /** Extra text a search matches (codes, cities); the name always. */
  searchText?: (item: T) => string;
  form: ComponentType<AdminFormProps<T>>;
  /** How records go in and out of use: deactivated and reactivated unless told otherwise. */
  lifecycle?: Lifecycle<T>;
  /** The edit dialog's width ("lg"; "xl" for forms with sections). */
  dialogSize?: ModalProps['size'];
}

type Editing<T> = { item?: T } | undefined;

/**
 * One kind of practice set-up or note configuration: a searchable list sorted by name, with New,
 * Edit and the lifecycle's step (Deactivate/Reactivate, or Publish/Retire) offered only when the
 * user's permissions allow them, and loading, empty and error states. Edits open a dialog; saving
 * waits for the server's answer so a refusal is shown in the dialog, beside the user's values.
 */
export function AdminListPanel<T extends NamedResource>(props: AdminListPanelProps<T>) {
  const { resourceType, collection, noun, description, icon, columns = [], searchText, form: Form, lifecycle = ACTIVE_OR_INACTIVE, dialogSize = 'lg' } = props;
  const { items, loading, error, refresh } = useCollection<T>(collection);
  const actions = useResourceActions(resourceType);
  const save = useSaveResource<T>(collection);
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [editing, setEditing] = useState<Editing<T>>();
  const rows = useMemo(() => listView(items, { search, showAll, searchText, inUse: lifecycle.inUse }), [items, search, showAll, searchText, lifecycle]);
  const lower = noun.singular.toLowerCase();

  const saveFields = (item: T | undefined) => async (fields: Record<string, unknown>) => {
    const draft = draftOf(resourceType, item, fields, lifecycle.newRecord) as T;
    await save(draft);
    setEditing(undefined);
    notifications.show({ color: 'caseload', message: `${noun.singular} ${item ? 'saved' : lifecycle.created}: ${nameOf(draft)}` });
  };

  const takeStep = async (item: T) => {
    const step = lifecycle.step(item);
    try {
      await save({ ...item, ...step.fields });
      notifications.show({ color: 'caseload', message: `${nameOf(item)} ${step.done}.` });
    } catch (e) {
      notifications.show({ color: 'red', title: `${nameOf(item)} ${step.failed}`, message: e instanceof Error ? e.message : String(e) });
    }
  };

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

  const newButton = actions.create && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
      New {lower}
    </Button>
  );
  const live = items.filter((i) => !i.meta?.isDeleted);

  let body: ReactNode;
  if (error && live.length === 0) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title={`${noun.plural} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{userMessageFor(error)}</Text>
          <Button size="xs" variant="default" onClick={() => void refresh()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (loading && live.length === 0) {
    body = <LoadingIndicator fullScreen={false} label={`Loading ${noun.plural.toLowerCase()}`} />;
  } else if (live.length === 0) {
    body = <EmptyState icon={icon} title={`No ${noun.plural.toLowerCase()} yet`} description={description} action={newButton} headingOrder={3} />;
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" py="lg" ta="center">
        No {noun.plural.toLowerCase()} {search ? `match “${search}”` : `in use: turn on “${lifecycle.showAllLabel}”`}.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="sm" aria-label={noun.plural}>
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
                      <IconButton icon={IconPencil} label={`${actions.update ? 'Edit' : 'View'} ${nameOf(item)}`} onClick={() => setEditing({ item })} />
                      {actions.update && <IconButton icon={step.icon} label={`${step.label} ${nameOf(item)}`} onClick={() => void takeStep(item)} />}
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

  const editingItem = editing?.item;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz={20}>
            {noun.plural}
          </Title>
          <Text c="dimmed" fz="sm">
            {description}
          </Text>
        </div>
        {live.length > 0 && newButton}
      </Group>
      {live.length > 0 && (
        <Group gap="md">
          <TextInput
            leftSection={<IconSearch size={16} aria-hidden />}
            placeholder={`Search ${noun.plural.toLowerCase()}`}
            aria-label={`Search ${noun.plural.toLowerCase()}`}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 360 }}
            type="search"
          />
          <Switch label={lifecycle.showAllLabel} checked={showAll} onChange={(e) => setShowAll(e.currentTarget.checked)} />
        </Group>
      )}
      {body}
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editingItem ? `${actions.update ? `Edit ${lower}` : noun.singular}: ${nameOf(editingItem)}` : `New ${lower}`}
        size={dialogSize}
      >
        {editing && (
          <Form
            key={editingItem?.id ?? 'new'}
            item={editingItem}
            onSave={saveFields(editingItem)}
            onCancel={() => setEditing(undefined)}
            readOnly={editingItem ? !actions.update : !actions.create}
          />
        )}
      </Modal>
    </Stack>
  );
}
