import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLabel, usePracticeTime } from '../../practice/index.ts';
import { useUnsignedNotes } from '../hooks/useUnsignedNotes.ts';
import { deadlineText, noteEditorPath, noteTitle, patientName, sessionDateText, waitedText } from '../utils/note-queue-text.ts';
import { QueueCard } from './QueueCard.tsx';

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * "My unsigned notes": the signed-in author's notes not signed yet, oldest session first; those
 * past the practice's signing deadline (noteSignWarningTimeout hours) are marked overdue. Each
 * opens the note to finish and sign it.
 */
export function UnsignedNotesCard() {
  const queue = useUnsignedNotes();
  const patient = useLabel('patient', 'singular');
  const clock = usePracticeTime();
  const items = queue.items ?? [];
  const overdue = items.filter((i) => i.unsigned.overdue).length;
  return (
    <QueueCard
      title="My unsigned notes"
      icon={IconChecks}
      count={queue.items?.length}
      loading={queue.loading}
      error={queue.error}
      onRetry={queue.reload}
      more={queue.more}
      empty={{ title: 'All your notes are signed', description: 'Notes you write show here until you sign them.' }}
    >
      {overdue > 0 && (
        <Text fz="sm" c="red" mb="xs" role="status">
          {overdue === 1 ? '1 note is' : `${overdue} notes are`} past the practice's signing deadline.
        </Text>
      )}
      <Stack gap={0} component="ul" aria-label="My unsigned notes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map(({ note, unsigned }) => (
          <Group key={note.id} component="li" justify="space-between" wrap="nowrap" py="xs" style={rowStyle}>
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={noteEditorPath(note.partition, note.id)} fw={500}>
                {noteTitle(note)} · {patientName(note, patient)}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {sessionDateText(note.encounterDate, clock)} · unsigned for {waitedText(unsigned.elapsedMs)}
              </Text>
            </div>
            {unsigned.overdue ? (
              <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                Overdue
              </Badge>
            ) : (
              <Text fz="xs" c="dimmed" ta="right" style={{ flexShrink: 0 }}>
                Sign by {deadlineText(unsigned.warnAt, clock)}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </QueueCard>
  );
}
