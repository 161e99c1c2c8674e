import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconNotes, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { groupSessionPath, useMayWriteNotes } from '../../notes/index.ts';
import { useLabel, usePracticeTime } from '../../practice/index.ts';
import { useMyNotes } from '../hooks/useMyNotes.ts';
import { KIND_OPTIONS, STATUS_OPTIONS, type MyNotesFilter } from '../utils/my-notes-query.ts';
import { MyNoteRow } from './MyNoteRow.tsx';

/**
 * The /notes area, "My notes": the notes the signed-in clinician wrote across their patients,
 * newest session first, read from the server a page at a time; filters by status and kind; each
 * row opens the note editor; "New group session" starts a group note.
 */
export function MyNotesList() {
  useDocumentTitle('My notes · Caseload');
  const patientLabel = useLabel('patient', 'singular');
  const clock = usePracticeTime();
  const [filter, setFilter] = useState<MyNotesFilter>({});
  const notes = useMyNotes(filter);
  const canWrite = useMayWriteNotes('Create');
  const filtered = Boolean(filter.status || filter.kind);

  let body;
  if (!notes.practitionerId) {
    body = (
      <EmptyState
        icon={IconNotes}
        title="No notes of your own"
        description="My notes lists the notes a clinician wrote; you are signed in without a clinician profile."
        headingOrder={2}
      />
    );
  } else if (notes.error && notes.items.length === 0) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Your notes could not be read">
        <Text size="sm">{notes.error.message}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void notes.refresh()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (notes.loading && notes.items.length === 0) {
    body = <LoadingIndicator fullScreen={false} label="Loading your notes" />;
  } else if (notes.items.length === 0) {
    body = (
      <EmptyState
        icon={IconNotes}
        title={filtered ? 'No notes match' : 'No notes yet'}
        description={
          filtered
            ? 'None of your notes matches these filters.'
            : `Notes you write for any ${patientLabel.toLowerCase()} will be listed here, newest session first.`
        }
        headingOrder={2}
      />
    );
  } else {
    body = (
      <Stack gap="xs">
        {notes.fromDevice && (
          <Text size="sm" c="dimmed">
            Offline: showing the notes on this device.
          </Text>
        )}
        <Table highlightOnHover verticalSpacing="xs" aria-label="My notes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>{patientLabel}</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notes.items.map((n) => (
              <MyNoteRow key={n.id} note={n} clock={clock} />
            ))}
          </Table.Tbody>
        </Table>
        {notes.hasMore && (
          <Group justify="center">
            <Button variant="default" loading={notes.loadingMore} onClick={() => void notes.loadMore()}>
              Show more notes
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>My notes</Title>
        {canWrite && (
          <Button leftSection={<IconUsersGroup size={18} />} component={Link} to={groupSessionPath()}>
            New group session
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          w={200}
          data={STATUS_OPTIONS}
          data-testid="my-notes-status"
          value={filter.status ?? null}
          onChange={(v) => setFilter((f) => ({ ...f, status: (v ?? undefined) as MyNotesFilter['status'] }))}
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          clearable
          w={200}
          data={KIND_OPTIONS}
          data-testid="my-notes-kind"
          value={filter.kind ?? null}
          onChange={(v) => setFilter((f) => ({ ...f, kind: (v ?? undefined) as MyNotesFilter['kind'] }))}
        />
      </Group>
      {body}
    </Stack>
  );
}
