import type { Note } from '@caseload/core';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { listStatus, STATUS_TEXT } from '../utils/note-list.ts';
import { StaffName } from './StaffName.tsx';

const STATUS_COLOR: Record<string, string> = { Preliminary: 'gray', AwaitingCoSignature: 'orange', Final: 'green', Amended: 'blue', EnteredInError: 'red' };

export interface NoteHeaderProps {
  note: Note;
  patientName: string;
  patientId: string;
  /** Right-hand side: the save state, completion. */
  aside?: React.ReactNode;
}

/** The note's title, its status, and the way back to the patient's chart. */
export function NoteHeader({ note, patientName, patientId, aside }: NoteHeaderProps) {
  const status = listStatus(note);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Anchor component={Link} to={`/patients/${patientId}?tab=notes`} size="sm">← {patientName}</Anchor>
        <Group gap="sm">
          <Title order={1} fz={26}>{note.title ?? 'Note'}</Title>
          <Badge color={STATUS_COLOR[status]} variant="light" data-testid="note-status">{STATUS_TEXT[status]}</Badge>
        </Group>
        <Text size="sm" c="dimmed">{note.kind.replace(/([a-z])([A-Z])/g, '$1 $2')} · by <StaffName reference={note.author} /></Text>
      </Stack>
      {aside}
    </Group>
  );
}
