import { Alert, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconSearch, type Icon } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { userMessageFor } from '../../platform/core-web.ts';
import { EmptyState } from '../EmptyState.tsx';
import { LoadingIndicator } from '../LoadingIndicator.tsx';
import { Modal, type ModalProps } from '../Modal.tsx';
import { useAdminListPanel } from './useAdminListPanel.ts';
import { ACTIVE_OR_INACTIVE, type Lifecycle } from './lifecycle.ts';
import { nameOf, type NamedResource } from './list-view.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { AdminListTable } from './AdminListTable.tsx';

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

/** What the acting profile may do to the list's type (the caller asks useCan): only that is offered. */
export interface ResourceActions {
  create: boolean;
  /** Edit, and the lifecycle's step (deactivate or reactivate, publish or retire: each an update). */
  update: boolean;
}

export interface AdminListPanelProps<T extends NamedResource> {
  resourceType: string;
  collection: string;
  /** How the screen names one and many (already in the practice's words). */
  noun: { singular: string; plural: string };
  description: string;
  icon: Icon;
  actions: ResourceActions;
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

/**
 * One kind of practice set-up or note configuration: a searchable list sorted by name, with New,
 * Edit and the lifecycle's step (Deactivate/Reactivate, or Publish/Retire) offered only when the
 * user's permissions allow them, and loading, empty and error states. Edits open a dialog; saving
 * waits for the server's answer so a refusal is shown in the dialog, beside the user's values.
 */
export function AdminListPanel<T extends NamedResource>(props: AdminListPanelProps<T>) {
  const {
    resourceType,
    collection,
    noun,
    description,
    icon,
    actions,
    columns = [],
    searchText,
    form: Form,
    lifecycle = ACTIVE_OR_INACTIVE,
    dialogSize = 'lg',
  } = props;
  const { live, rows, loading, error, refresh, search, setSearch, showAll, setShowAll, editing, setEditing, saveFields, takeStep } =
    useAdminListPanel({ resourceType, collection, noun, searchText, lifecycle });
  const lower = noun.singular.toLowerCase();

  const newButton = actions.create && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
      New {lower}
    </Button>
  );

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
    body = (
      <EmptyState icon={icon} title={`No ${noun.plural.toLowerCase()} yet`} description={description} action={newButton} headingOrder={3} />
    );
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" py="lg" ta="center">
        No {noun.plural.toLowerCase()} {search ? `match “${search}”` : `in use: turn on “${lifecycle.showAllLabel}”`}.
      </Text>
    );
  } else {
    body = (
      <AdminListTable
        rows={rows}
        label={noun.plural}
        columns={columns}
        lifecycle={lifecycle}
        actions={actions}
        onEdit={(item) => setEditing({ item })}
        onStep={(item) => void takeStep(item)}
      />
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
