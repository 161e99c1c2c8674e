import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import { userMessageFor } from '../../../platform/core-web.ts';
import { useLabel } from '../../practice/index.ts';
import { useCoSign } from '../hooks/useCoSign.ts';
import { useCoSignQueue } from '../hooks/useCoSignQueue.ts';
import { noteEditorPath, noteTitle, patientName, sessionDateText } from '../utils/note-queue-text.ts';
import { QueueCard } from './QueueCard.tsx';

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * "Awaiting my co-signature": supervisees' signed notes whose co-signature the signed-in
 * supervisor may give, oldest session first. Co-sign makes a note final and takes it off the list;
 * the note's link opens it to read first.
 */
export function CoSignQueueCard() {
  const queue = useCoSignQueue();
  const { coSign, pendingId, errors } = useCoSign();
  const patient = useLabel('patient', 'singular');
  const onCoSign = async (id: string) => {
    const note = queue.items?.find((n) => n.id === id);
    if (note && (await coSign(note))) {
      queue.remove((n) => n.id === id);
      queue.reload();
    }
  };
  return (
    <QueueCard
      title="Awaiting my co-signature"
      icon={IconSignature}
      count={queue.items?.length}
      loading={queue.loading}
      error={queue.error}
      onRetry={queue.reload}
      more={queue.more}
      empty={{ title: 'Nothing to co-sign', description: 'Notes your supervisees sign that need your co-signature show here.' }}
    >
      <Stack gap={0} component="ul" aria-label="Awaiting my co-signature" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(queue.items ?? []).map((note) => {
          const title = `${noteTitle(note)} · ${patientName(note, patient)}`;
          const error = errors[note.id];
          return (
            <Stack key={note.id} component="li" gap={4} py="xs" style={rowStyle}>
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={noteEditorPath(note.partition, note.id)} fw={500}>
                    {title}
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    {[sessionDateText(note.encounterDate), note.author?.display && `by ${note.author.display}`, note.pendingSignatures?.[0]?.reason]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Button size="xs" style={{ flexShrink: 0 }} loading={pendingId === note.id} disabled={pendingId !== undefined && pendingId !== note.id} onClick={() => void onCoSign(note.id)} aria-label={`Co-sign ${title}`}>
                  Co-sign
                </Button>
              </Group>
              {error !== undefined && (
                <Text fz="sm" c="red" role="alert">
                  {userMessageFor(error)}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </QueueCard>
  );
}
