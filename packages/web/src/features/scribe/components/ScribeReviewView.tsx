import { Anchor, Alert, Button, Grid, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { NoteStatusBadge } from '../../../ui/NoteStatusBadge.tsx';
import { notePath } from '../../notes/index.ts';
import { useScribeReview } from '../hooks/useScribeReview.ts';
import { FORMAT_LABELS } from '../utils/format-labels.ts';
import { highlightedSegments } from '../utils/review-sentences.ts';
import { scribeSessionPath } from '../utils/scribe-paths.ts';
import { ReviewSentenceItem } from './ReviewSentenceItem.tsx';
import { ScribeSessionHeader } from './ScribeSessionHeader.tsx';
import { SessionMissing } from './SessionMissing.tsx';
import { TranscriptPane } from './TranscriptPane.tsx';

/**
 * `/scribe/:id/review`: the generated note's sections beside the transcript. Hovering or focusing a
 * sentence highlights the segments it rests on; the clinician accepts, edits or deletes each, then
 * opens the note in the editor to sign it (as any note).
 */
export function ScribeReviewView({ sessionId }: { sessionId: string }) {
  useDocumentTitle('Review the draft · Caseload');
  const review = useScribeReview(sessionId);
  const { session, note, transcription } = review;
  const t = transcription.item;
  const focusedSentence = useMemo(
    () => review.sections.flatMap((s) => s.sentences).find((s) => s.id === review.focused),
    [review.sections, review.focused],
  );
  const highlighted = useMemo(() => highlightedSegments(focusedSentence, t?.segments ?? []), [focusedSentence, t]);

  if (!session) {
    if (review.loading) return <LoadingIndicator fullScreen={false} label="Loading the scribe session" />;
    return <SessionMissing error={review.error} />;
  }
  if (!session.scribe?.generatedNote) {
    return (
      <Alert color="gray" variant="light" title="No draft yet">
        This session has no generated note yet.{' '}
        <Anchor component={Link} to={scribeSessionPath(session.id)}>
          Back to the session
        </Anchor>{' '}
        to import a transcript and generate one.
      </Alert>
    );
  }
  if (!note) return <LoadingIndicator fullScreen={false} label="Loading the draft" />;
  const { open, flagged, total } = review.progress;
  const format = note.generation?.format;

  return (
    <Stack gap="md">
      <ScribeSessionHeader session={session} patient={review.patient} title="Review the draft">
        <Button component={Link} to={notePath(note.partition, note.id)} leftSection={<IconFileText size={18} />}>
          Open note
        </Button>
      </ScribeSessionHeader>
      <Group gap="sm">
        <NoteStatusBadge note={note} />
        <Text fz="sm" c="dimmed" data-testid="review-progress">
          {format ? `${FORMAT_LABELS[format]} · ` : ''}
          {total - open} of {total} sentences reviewed{flagged > 0 ? ` · ${flagged} without evidence to check` : ''}
          {note.generation &&
            ` · drafted by ${note.generation.generator === 'builtin' ? 'the built-in generator' : note.generation.provider}`}
        </Text>
      </Group>
      {review.mayEdit && (
        <Text fz="xs" c="dimmed" data-testid="review-keys">
          <Kbd>Tab</Kbd> next sentence · <Kbd>A</Kbd> accept · <Kbd>E</Kbd> edit · <Kbd>Delete</Kbd> delete · hover or focus a sentence to
          see its evidence in the transcript
        </Text>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {review.sections.map((section) => (
              <Paper key={section.key} withBorder p="md" component="section" aria-label={section.title} data-section={section.key}>
                <Title order={2} fz="md" mb="xs">
                  {section.title}
                </Title>
                <Stack gap={4}>
                  {section.sentences.map((sentence) => (
                    <ReviewSentenceItem
                      key={sentence.id}
                      sentence={sentence}
                      focused={sentence.id === review.focused}
                      onFocus={() => review.setFocused(sentence.id)}
                      onAct={review.mayEdit ? (action) => void review.act(sentence.id, action) : undefined}
                    />
                  ))}
                  {section.sentences.length === 0 && (
                    <Text fz="sm" c="dimmed">
                      Nothing left in this section.
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 16px)' }}>
            {t ? (
              <TranscriptPane transcription={t} highlighted={highlighted} height="70vh" />
            ) : (
              <LoadingIndicator fullScreen={false} label="Loading the transcript" />
            )}
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
