import type { Note } from '@caseload/core';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { userMessageFor } from '../../../platform/core-web.ts';
import { useCan, useLabel, usePracticeTime } from '../../practice/index.ts';
import { useCoSign } from '../hooks/useCoSign.ts';
import { useCoSignQueue } from '../hooks/useCoSignQueue.ts';
import { noteEditorPath, noteTitle, patientName, sessionDateText } from '../utils/note-queue-text.ts';
import { DeferredMount } from '../../../ui/DeferredMount.tsx';
import { warmUpLater } from '../../../ui/warm-up.ts';
import { QueueCard } from './QueueCard.tsx';

// The dialog brings the note's summary and Mantine's Modal with it, which the dashboard's first
// screen does not need: fetched when a supervisor first co-signs (warmed up after load), not with
// the signed-in shell (docs/architecture.md, "Seldom-shown dialogs load on demand").
const loadCoSignDialog = () => import('../../notes/components/CoSignDialog.tsx');
warmUpLater(loadCoSignDialog);
const CoSignDialog = lazy(() => loadCoSignDialog().then((m) => ({ default: m.CoSignDialog })));

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * "Awaiting my co-signature": supervisees' signed notes whose co-signature the signed-in
 * supervisor may give, oldest session first. Co-sign asks for the co-signer's attestation first
 * (CoSignDialog); confirmed, the note is final and leaves the list. The note's link opens it to
 * read first.
 */
export function CoSignQueueCard() {
  const queue = useCoSignQueue();
  const { coSign, pendingId, errors } = useCoSign();
  const patient = useLabel('patient', 'singular');
  const clock = usePracticeTime();
  // A co-signature writes the note's next version.
  const mayCoSign = useCan('Update', 'Note');
  const [attesting, setAttesting] = useState<Note>();
  const titleOf = (note: Note) => `${noteTitle(note)} · ${patientName(note, patient)}`;
  const onCoSign = async (note: Note, attestationHash: string) => {
    // The row shows the progress and any refusal, as before the dialog.
    setAttesting(undefined);
    if (await coSign(note, attestationHash)) {
      queue.remove((n) => n.id === note.id);
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
          const title = titleOf(note);
          const error = errors[note.id];
          return (
            <Stack key={note.id} component="li" gap={4} py="xs" style={rowStyle}>
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={noteEditorPath(note.partition, note.id)} fw={500}>
                    {title}
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    {[
                      sessionDateText(note.encounterDate, clock),
                      note.author?.display && `by ${note.author.display}`,
                      note.pendingSignatures?.[0]?.reason,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                {mayCoSign && (
                  <Button
                    size="xs"
                    style={{ flexShrink: 0 }}
                    loading={pendingId === note.id}
                    disabled={pendingId !== undefined && pendingId !== note.id}
                    onClick={() => setAttesting(note)}
                    aria-label={`Co-sign ${title}`}
                  >
                    Co-sign…
                  </Button>
                )}
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
      <DeferredMount when={attesting !== undefined}>
        <CoSignDialog
          note={attesting}
          onClose={() => setAttesting(undefined)}
          onCoSign={(hash) => attesting && void onCoSign(attesting, hash)}
          pending={false}
          heading={attesting ? titleOf(attesting) : ''}
          when={sessionDateText(attesting?.encounterDate, clock)}
        />
      </DeferredMount>
    </QueueCard>
  );
}
