import { patientDisplay, type Note, type Patient } from '@caseload/core';
import { Badge, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { notePath } from '../../notes/index.ts';
import { kindText, MY_NOTE_STATUS_TEXT } from '../utils/my-notes-query.ts';

export interface MyNoteRowProps {
  note: Note;
}

const STATUS_COLOR: Record<Note['status'], string> = { Preliminary: 'gray', Final: 'green', Amended: 'blue', EnteredInError: 'red' };

/** "2026-03-02" of a note's session (or creation). */
const dayOf = (n: Note) => (n.encounterDate ?? n.created ?? '').slice(0, 10) || '—';

/**
 * One of my notes: session date, patient, title (a link, so Tab and Enter open it), kind and
 * status. Clicking anywhere on the row opens the note too.
 */
export function MyNoteRow({ note }: MyNoteRowProps) {
  const navigate = useNavigate();
  const patient = useResource<Patient>('Patients', note.partition);
  const path = notePath(note.partition, note.id);
  const awaiting = note.status === 'Preliminary' && (note.pendingSignatures?.length ?? 0) > 0;
  return (
    <Table.Tr data-testid="my-note-row" style={{ cursor: 'pointer' }} onClick={() => navigate(path)}>
      <Table.Td><Text size="sm" ff="monospace">{dayOf(note)}</Text></Table.Td>
      <Table.Td><Text size="sm">{patient.item ? patientDisplay(patient.item) : (note.subject?.display ?? '…')}</Text></Table.Td>
      <Table.Td>
        <Link to={path} onClick={(e) => e.stopPropagation()}>{note.title ?? 'Note'}</Link>
      </Table.Td>
      <Table.Td><Text size="sm">{kindText(note.kind)}</Text></Table.Td>
      <Table.Td>
        <Badge variant="light" color={awaiting ? 'orange' : STATUS_COLOR[note.status]}>
          {awaiting ? 'Awaiting co-signature' : MY_NOTE_STATUS_TEXT[note.status]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
