import { NoteKinds, type Note } from '@caseload/core';
import { Alert, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconNotes, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCollection } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { filterNotes, listStatus, noteAuthors, STATUS_TEXT, type NoteListFilter } from '../utils/note-list.ts';
import { groupSessionPath, notePath } from '../utils/note-paths.ts';
import { NewNoteDialog } from './NewNoteDialog.tsx';

export interface PatientNotesTabProps {
  patientId: string;
}

const KIND_TEXT = (kind: string) => kind.replace(/([a-z])([A-Z])/g, '$1 $2');
const STATUS_COLOR: Record<string, string> = { Preliminary: 'gray', AwaitingCoSignature: 'orange', Final: 'green', Amended: 'blue', EnteredInError: 'red' };

/** "2026-03-02" of a note's session (or creation), as the list shows it. */
const dayOf = (n: Note) => (n.encounterDate ?? n.created ?? '').slice(0, 10) || '—';

/**
 * The chart's Notes tab: the patient's notes by session date, newest first, filtered by kind,
 * status and author; "New note" and "New group note". Each row opens the note (Enter or click).
 */
export function PatientNotesTab({ patientId }: PatientNotesTabProps) {
  const notes = useCollection<Note>('Notes', { partition: patientId });
  const [filter, setFilter] = useState<NoteListFilter>({});
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const shown = useMemo(() => filterNotes(notes.items, filter), [notes.items, filter]);
  const authors = useMemo(() => noteAuthors(notes.items), [notes.items]);
  const filtered = filter.kind || filter.status || filter.authorId;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select label="Kind" placeholder="Any kind" clearable w={190} data={NoteKinds.filter((k) => k !== 'ScribeSession').map((k) => ({ value: k, label: KIND_TEXT(k) }))}
            value={filter.kind ?? null} onChange={(v) => setFilter((f) => ({ ...f, kind: (v ?? undefined) as NoteListFilter['kind'] }))} />
          <Select label="Status" placeholder="Any status" clearable w={200} data={Object.entries(STATUS_TEXT).map(([value, label]) => ({ value, label }))}
            value={filter.status ?? null} onChange={(v) => setFilter((f) => ({ ...f, status: (v ?? undefined) as NoteListFilter['status'] }))} />
          <Select label="Author" placeholder="Anyone" clearable searchable w={200} data={authors}
            value={filter.authorId ?? null} onChange={(v) => setFilter((f) => ({ ...f, authorId: v ?? undefined }))} />
        </Group>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconUsersGroup size={18} />} component={Link} to={groupSessionPath(patientId)}>New group note</Button>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>New note</Button>
        </Group>
      </Group>
      {notes.error && <Alert color="red" variant="light" role="alert" title="The notes could not be read">{notes.error.message}</Alert>}
      {notes.loading && notes.items.length === 0 ? (
        <LoadingIndicator fullScreen={false} label="Loading the notes" />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={IconNotes}
          title={filtered ? 'No notes match' : 'No notes yet'}
          description={filtered ? 'No note of this patient matches these filters.' : 'Notes written for this patient will be listed here, newest session first.'}
          headingOrder={3}
          action={!filtered && <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>Write the first note</Button>}
        />
      ) : (
        <Table highlightOnHover verticalSpacing="xs" aria-label="Notes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Author</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((n) => {
              const status = listStatus(n);
              return (
                <Table.Tr key={n.id} data-testid="note-row" style={{ cursor: 'pointer' }} onClick={() => navigate(notePath(patientId, n.id))}>
                  <Table.Td><Text size="sm" ff="monospace">{dayOf(n)}</Text></Table.Td>
                  <Table.Td>
                    <Link to={notePath(patientId, n.id)} onClick={(e) => e.stopPropagation()}>{n.title ?? 'Note'}</Link>
                    {n.completion !== 'Complete' && status === 'Preliminary' && <Text span size="xs" c="dimmed"> · {n.completion === 'NotStarted' ? 'not started' : 'in progress'}</Text>}
                  </Table.Td>
                  <Table.Td><Text size="sm">{KIND_TEXT(n.kind)}</Text></Table.Td>
                  <Table.Td><Text size="sm">{n.author?.display ?? ''}</Text></Table.Td>
                  <Table.Td><Badge variant="light" color={STATUS_COLOR[status]}>{STATUS_TEXT[status]}</Badge></Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {creating && <NewNoteDialog patientId={patientId} opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
