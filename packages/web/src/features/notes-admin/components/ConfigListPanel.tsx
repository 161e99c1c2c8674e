import { Alert, Badge, Button, Group, Stack, Switch, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArchive, IconPencil, IconPlus, IconRocket, IconSearch, type Icon } from '@tabler/icons-react';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useCollection } from '../../../data/index.ts';
import { userMessageFor } from '../../../platform/core-web.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { Modal } from '../../../ui/Modal.tsx';
// The admin area's building blocks, imported file by file: its index imports this feature's panels.
import type { AdminFormProps } from '../../practice-admin/components/admin-form-props.ts';
import { useResourceActions } from '../../practice-admin/hooks/useResourceActions.ts';
import { useSaveResource } from '../../practice-admin/hooks/useSaveResource.ts';
import { publishableView, publishingAction, STATUS_COLORS, statusOf, type PublishableResource } from '../utils/publishing.ts';

export interface ConfigColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

export interface ConfigListPanelProps<T extends PublishableResource> {
  resourceType: string;
  collection: string;
  /** How the screen names one and many (already in the practice's words). */
  noun: { singular: string; plural: string };
  description: string;
  icon: Icon;
  columns?: ConfigColumn<T>[];
  searchText?: (item: T) => string;
  form: ComponentType<AdminFormProps<T>>;
}

const nameOf = (r: PublishableResource) => (typeof r.name === 'string' && r.name.trim()) || r.display?.trim() || r.id;

/**
 * A list of note configuration records that are published rather than deactivated (SPEC.md
 * section 4: Draft, Active, Retired): new records start as drafts, which apply to no note until
 * published; active ones are retired. Otherwise the admin area's list: search, sorted by name,
 * loading, empty and error states, edits in a dialog that waits for the server's answer.
 */
export function ConfigListPanel<T extends PublishableResource>(props: ConfigListPanelProps<T>) {
  const { resourceType, collection, noun, description, icon, columns = [], searchText, form: Form } = props;
  const { items, loading, error, refresh } = useCollection<T>(collection);
  const actions = useResourceActions(resourceType);
  const save = useSaveResource<T>(collection);
  const [search, setSearch] = useState('');
  const [showRetired, setShowRetired] = useState(false);
  const [editing, setEditing] = useState<{ item?: T }>();
  const rows = useMemo(() => publishableView(items, { search, showRetired, searchText }), [items, search, showRetired, searchText]);
  const lower = noun.singular.toLowerCase();
  const live = items.filter((i) => !i.meta?.isDeleted);

  const saveFields = (item: T | undefined) => async (fields: Record<string, unknown>) => {
    const name = typeof fields.name === 'string' ? fields.name.trim() : nameOf(item!);
    // A new record is a draft: it applies to no note until someone publishes it.
    const draft = { ...(item ?? { resourceType, status: 'Draft' }), ...fields, name, display: name };
    await save(draft as T);
    setEditing(undefined);
    notifications.show({ color: 'caseload', message: `${noun.singular} ${item ? 'saved' : 'created as a draft'}: ${name}` });
  };

  const step = async (item: T) => {
    const next = publishingAction(item);
    try {
      await save({ ...item, status: next.to });
      notifications.show({ color: 'caseload', message: `${nameOf(item)} is ${next.to === 'Active' ? 'published' : 'retired'}.` });
    } catch (e) {
      notifications.show({ color: 'red', title: `${nameOf(item)} was not changed`, message: e instanceof Error ? e.message : String(e) });
    }
  };

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
    body = <EmptyState icon={icon} title={`No ${noun.plural.toLowerCase()} yet`} description={description} action={newButton} headingOrder={3} />;
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" py="lg" ta="center">
        No {noun.plural.toLowerCase()} {search ? `match “${search}”` : 'in use: turn on “Show retired”'}.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="sm" aria-label={noun.plural}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
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
              const next = publishingAction(item);
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text fw={500}>{nameOf(item)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[statusOf(item)]} variant="light" size="sm">
                      {statusOf(item)}
                    </Badge>
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <IconButton icon={IconPencil} label={`${actions.update ? 'Edit' : 'View'} ${nameOf(item)}`} onClick={() => setEditing({ item })} />
                      {actions.update && (
                        <IconButton icon={next.to === 'Active' ? IconRocket : IconArchive} label={`${next.label} ${nameOf(item)}`} onClick={() => void step(item)} />
                      )}
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
          <Switch label="Show retired" checked={showRetired} onChange={(e) => setShowRetired(e.currentTarget.checked)} />
        </Group>
      )}
      {body}
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editingItem ? `${actions.update ? `Edit ${lower}` : noun.singular}: ${nameOf(editingItem)}` : `New ${lower}`}
        size="xl"
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
