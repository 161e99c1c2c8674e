import { NOTE_STATUS_OPTIONS, noteDisplayStatus, noteKindLabel, noteKindOptions, NoteKinds, type Note } from '@caseload/core';
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconNotes, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCollection } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { usePracticeTime, type ZonedClock } from '../../practice/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { NoteStatusBadge } from '../../../ui/NoteStatusBadge.tsx';
import { useMayWriteNotes } from '../hooks/useMayWriteNotes.ts';
import { filterNotes, noteAuthors, type NoteListFilter } from '../utils/note-list.ts';
import { groupSessionPath, notePath } from '../utils/note-paths.ts';
import { NewNoteDialog } from './NewNoteDialog.tsx';

export interface PatientNotesTabProps {
  patientId: string;
}

// Scribe sessions are listed with the scribe sessions, not here.
const KIND_OPTIONS = noteKindOptions(NoteKinds.filter((k) => k !== 'ScribeSession'));

/** When a note's session was (or the note was written), on the practice's clock, as the list shows it. */
const whenOf = (n: Note, clock: ZonedClock) => clock.formatDateTime(n.encounterDate ?? n.created) || '—';

/**
 * The chart's Notes tab: the patient's notes by session date, newest first, filtered by kind,
 * status and author; "New note" and "New group note". Each row opens the note (Enter or click).
 */
export function PatientNotesTab({ patientId }: PatientNotesTabProps) {
  const notes = useCollection<Note>('Notes', { partition: patientId });
  const [filter, setFilter] = useState<NoteListFilter>({});
  const [creating, setCreating] = useState(false);
  const canWrite = useMayWriteNotes('Create');
  const navigate = useNavigate();
  const clock = usePracticeTime();
  const shown = useMemo(() => filterNotes(notes.items, filter), [notes.items, filter]);
  const authors = useMemo(() => noteAuthors(notes.items), [notes.items]);
  const filtered = filter.kind || filter.status || filter.authorId;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Kind"
            placeholder="Any kind"
            clearable
            w={190}
            data={KIND_OPTIONS}
            value={filter.kind ?? null}
            onChange={(v) => setFilter((f) => ({ ...f, kind: (v ?? undefined) as NoteListFilter['kind'] }))}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            w={200}
            data={NOTE_STATUS_OPTIONS}
            value={filter.status ?? null}
            onChange={(v) => setFilter((f) => ({ ...f, status: (v ?? undefined) as NoteListFilter['status'] }))}
          />
          <Select
            label="Author"
            placeholder="Anyone"
            clearable
            searchable
            w={200}
            data={authors}
            value={filter.authorId ?? null}
            onChange={(v) => setFilter((f) => ({ ...f, authorId: v ?? undefined }))}
          />
        </Group>
        {canWrite && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconUsersGroup size={18} />} component={Link} to={groupSessionPath(patientId)}>
              New group note
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              New note
            </Button>
          </Group>
        )}
      </Group>
      {notes.error && (
        <Alert color="red" variant="light" role="alert" title="The notes could not be read">
          {notes.error.message}
        </Alert>
      )}
      {notes.loading && notes.items.length === 0 ? (
        <LoadingIndicator fullScreen={false} label="Loading the notes" />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={IconNotes}
          title={filtered ? 'No notes match' : 'No notes yet'}
          description={
            filtered
              ? 'No note of this patient matches these filters.'
              : 'Notes written for this patient will be listed here, newest session first.'
          }
          headingOrder={3}
          action={
            !filtered &&
            canWrite && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
                Write the first note
              </Button>
            )
          }
        />
      ) : (
        // On a phone the table scrolls sideways in its own box rather than widening the page.
        <Table.ScrollContainer minWidth={640} type="native">
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
                const status = noteDisplayStatus(n);
                return (
                  <Table.Tr
                    key={n.id}
                    data-testid="note-row"
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(notePath(patientId, n.id))}
                  >
                    <Table.Td>
                      <Text size="sm">{whenOf(n, clock)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={notePath(patientId, n.id)} fz="sm" fw={500} onClick={(e) => e.stopPropagation()}>
                        {n.title ?? 'Note'}
                      </Anchor>
                      {n.completion !== 'Complete' && status === 'Preliminary' && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {n.completion === 'NotStarted' ? 'not started' : 'in progress'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{noteKindLabel(n.kind)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{n.author?.display ?? ''}</Text>
                    </Table.Td>
                    <Table.Td>
                      <NoteStatusBadge note={n} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && <NewNoteDialog patientId={patientId} opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
