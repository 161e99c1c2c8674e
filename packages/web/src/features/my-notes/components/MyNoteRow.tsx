import { noteKindLabel, patientDisplay, type Note, type Patient } from '@caseload/core';
import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { notePath } from '../../notes/index.ts';
import type { ZonedClock } from '../../practice/index.ts';
import { NoteStatusBadge } from '../../../ui/NoteStatusBadge.tsx';

export interface MyNoteRowProps {
  note: Note;
  /** The practice's clock (`usePracticeTime`), read once by the list. */
  clock: ZonedClock;
}

/**
 * One of my notes: when its session was (else when it was written), patient, title (a link, so
 * Tab and Enter open it), kind and status. Clicking anywhere on the row opens the note too.
 */
export function MyNoteRow({ note, clock }: MyNoteRowProps) {
  const navigate = useNavigate();
  const patient = useResource<Patient>('Patients', note.partition);
  const path = notePath(note.partition, note.id);
  return (
    <Table.Tr data-testid="my-note-row" style={{ cursor: 'pointer' }} onClick={() => navigate(path)}>
      <Table.Td>
        <Text size="sm">{clock.formatDateTime(note.encounterDate ?? note.created) || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{patient.item ? patientDisplay(patient.item) : (note.subject?.display ?? '…')}</Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={path} fz="sm" fw={500} onClick={(e) => e.stopPropagation()}>
          {note.title ?? 'Note'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{noteKindLabel(note.kind)}</Text>
      </Table.Td>
      <Table.Td>
        <NoteStatusBadge note={note} />
      </Table.Td>
    </Table.Tr>
  );
}
