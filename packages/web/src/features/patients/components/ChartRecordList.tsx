import type { Resource } from '@caseload/core';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { UseCollectionResult } from '../../../data/index.ts';
import { useChartRecordList } from '../hooks/useChartRecordList.ts';
import { ChartRecordRows } from './ChartRecordRows.tsx';
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog.tsx';
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
 * clinician closes it, and Delete for one entered in error. Each is offered only when the acting
 * profile may create, update or delete records of the type (`useCan`). Everything is written
 * through the data layer, so it is on the device at once and queued for the server.
 */
export function ChartRecordList<T extends Resource>(props: ChartRecordListProps<T>) {
  const { title, collection, patientId, state, noun, empty, nameOf, newRecord, actions = [], instead, renderItem, renderForm } = props;
  const {
    canCreate,
    canUpdate,
    canDelete,
    closers,
    failures,
    dismiss,
    editing,
    setEditing,
    deleting,
    setDeleting,
    actionError,
    clearActionError,
    applyAction,
    confirmDelete,
  } = useChartRecordList(collection, patientId, actions);
  const addLabel = `Add ${noun}`;

  let body: ReactNode;
  if (state.error)
    body = (
      <Alert color="red" variant="light" role="alert">
        {state.error.message}
      </Alert>
    );
  else if (state.items.length === 0 && state.loading) body = <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />;
  else if (state.items.length === 0)
    body = (
      <Group gap="xs">
        <Text c="dimmed">{empty}</Text>
        {canCreate && (
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ record: newRecord() })}>
            Record the first {noun}
          </Button>
        )}
      </Group>
    );
  else
    body = (
      <ChartRecordRows
        items={state.items}
        noun={noun}
        nameOf={nameOf}
        renderItem={renderItem}
        closers={closers}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onEdit={(item) => setEditing({ record: item })}
        onAction={applyAction}
        onDelete={setDeleting}
      />
    );

  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {canCreate && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ record: newRecord() })}>
            {addLabel}
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {failures.map((failed) => {
          const { latest } = failed;
          const current = state.items.find((i) => i.id === latest.id);
          return (
            <FailedEditAlert
              key={latest.hash}
              failures={failed}
              what={`the ${noun} ${nameOf(latest.item as T)}`}
              onEditAgain={
                (current ? canUpdate : canCreate)
                  ? () => {
                      // The refused text (its last edit) on the record as it now stands on the server (its version).
                      setEditing({ record: current ? { ...(latest.item as T), meta: current.meta } : (latest.item as T) });
                      dismiss(failed);
                    }
                  : undefined
              }
              onDismiss={() => dismiss(failed)}
            />
          );
        })}
        {actionError && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={clearActionError}>
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
          onConfirm={confirmDelete}
        />
      )}
    </Card>
  );
}
