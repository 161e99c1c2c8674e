import type { Resource } from '@caseload/core';
import { Alert, Button, Card, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useDelete, useUpsert, type UseCollectionResult } from '../../../data/index.ts';
import { IconButton } from '../../../ui/IconButton.tsx';
import { useChartRecordFailures } from '../hooks/useChartRecordFailures.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { FailedEditAlert } from './FailedEditAlert.tsx';
import type { RecordDraft } from '../utils/chart-record-form-layout.ts';

/** A one-click way to close a record without deleting it ("Make inactive", "Finish episode"). */
export interface RecordAction<T> {
  label: string;
  /** Shown only for records it applies to (an active allergy, an open episode). */
  when: (item: T) => boolean;
  apply: (item: T) => T;
}

/** What the open form is given: the record to edit, or a new one's starting values. */
export interface RecordFormProps<T extends Resource> {
  record: RecordDraft<T>;
  opened: boolean;
  onClose: () => void;
}

export interface ChartRecordListProps<T extends Resource> {
  title: string;
  collection: string;
  patientId: string;
  state: UseCollectionResult<T>;
  /** The record's noun in a sentence: "allergy", "episode of care". */
  noun: string;
  /** What the list says when the patient has none (a call to add one follows). */
  empty: string;
  /** How a record is named in a button's accessible name and in sentences: "Latex". */
  nameOf: (item: T) => string;
  /** The starting values of a new record (partition and patient set). */
  newRecord: () => RecordDraft<T>;
  actions?: RecordAction<T>[];
  /** How to end a real record, said when deleting ("Make it inactive instead."). */
  instead?: string;
  renderItem: (item: T) => ReactNode;
  renderForm: (props: RecordFormProps<T>) => ReactNode;
}

/**
 * One list of the chart (allergies, episodes, ...) that can be edited: loading, empty (with a way
 * to add the first), error and refused-save states; each record with Edit and a menu of the ways a
 * clinician closes it, and Delete for one entered in error. Everything is written through the data
 * layer, so it is on the device at once and queued for the server.
 */
export function ChartRecordList<T extends Resource>(props: ChartRecordListProps<T>) {
  const { title, collection, patientId, state, noun, empty, nameOf, newRecord, actions = [], instead, renderItem, renderForm } = props;
  const upsert = useUpsert<T>(collection);
  const remove = useDelete(collection);
  const { failures, dismiss } = useChartRecordFailures(collection, patientId);
  const [editing, setEditing] = useState<{ record: RecordDraft<T> }>();
  const [deleting, setDeleting] = useState<T>();
  const [actionError, setActionError] = useState<string>();
  const addLabel = `Add ${noun}`;
  const run = (work: Promise<unknown>) => {
    setActionError(undefined);
    work.catch((e: unknown) => setActionError(e instanceof Error ? e.message : String(e)));
  };

  let body: ReactNode;
  if (state.error) body = <Alert color="red" variant="light" role="alert">{state.error.message}</Alert>;
  else if (state.items.length === 0 && state.loading) body = <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />;
  else if (state.items.length === 0)
    body = (
      <Group gap="xs">
        <Text c="dimmed">{empty}</Text>
        <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ record: newRecord() })}>
          Record the first {noun}
        </Button>
      </Group>
    );
  else
    body = (
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {state.items.map((item) => (
          <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>{renderItem(item)}</div>
            <Group gap={2} wrap="nowrap">
              <IconButton icon={IconPencil} label={`Edit ${noun} ${nameOf(item)}`} onClick={() => setEditing({ record: item })} />
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <IconButton icon={IconDots} label={`More for ${noun} ${nameOf(item)}`} withTooltip={false} />
                </Menu.Target>
                <Menu.Dropdown>
                  {actions
                    .filter((a) => a.when(item))
                    .map((a) => (
                      <Menu.Item key={a.label} onClick={() => run(upsert(a.apply(item)))}>
                        {a.label}
                      </Menu.Item>
                    ))}
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(item)}>
                    Delete (entered in error)
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        ))}
      </Stack>
    );

  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ record: newRecord() })}>
          {addLabel}
        </Button>
      </Group>
      <Stack gap="xs">
        {failures.map((failure) => (
          <FailedEditAlert
            key={failure.hash}
            failure={failure}
            what={`the ${noun} ${nameOf(failure.item as T)}`}
            onEditAgain={() => {
              const current = state.items.find((i) => i.id === failure.id);
              // The refused text on the record as it now stands on the server (its version).
              setEditing({ record: current ? { ...(failure.item as T), meta: current.meta } : (failure.item as T) });
              dismiss(failure);
            }}
            onDismiss={() => dismiss(failure)}
          />
        ))}
        {actionError && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setActionError(undefined)}>
            {actionError}
          </Alert>
        )}
        {body}
      </Stack>
      {editing && renderForm({ record: editing.record, opened: true, onClose: () => setEditing(undefined) })}
      {deleting && (
        <ConfirmDeleteDialog
          opened
          what={`the ${noun} ${nameOf(deleting)}`}
          instead={instead}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => {
            run(remove(deleting));
            setDeleting(undefined);
          }}
        />
      )}
    </Card>
  );
}
