import { noteKindLabel, type Note } from '@caseload/core';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NoteStatusBadge } from '../../../ui/NoteStatusBadge.tsx';
import { StaffName } from './StaffName.tsx';

export interface NoteHeaderProps {
  note: Note;
  patientName: string;
  patientId: string;
  /** Right-hand side: the save state, completion. */
  aside?: React.ReactNode;
}

/** The note's title, its status, and the way back to the patient's chart. */
export function NoteHeader({ note, patientName, patientId, aside }: NoteHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Anchor component={Link} to={`/patients/${patientId}?tab=notes`} size="sm">
          ← {patientName}
        </Anchor>
        <Group gap="sm">
          <Title order={1} fz={26}>
            {note.title ?? 'Note'}
          </Title>
          <NoteStatusBadge note={note} data-testid="note-status" />
        </Group>
        <Text size="sm" c="dimmed">
          {noteKindLabel(note.kind)} · by <StaffName reference={note.author} />
        </Text>
      </Stack>
      {aside}
    </Group>
  );
}
