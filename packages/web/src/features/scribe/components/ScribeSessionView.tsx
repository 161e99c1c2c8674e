import type { ScribeFormat } from '@caseload/core';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMicrophone, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import type { GeneratorChoice } from '../api/scribe.api.ts';
import { useScribeSession } from '../hooks/useScribeSession.ts';
import { FORMAT_LABELS } from '../utils/format-labels.ts';
import { scribeRecordPath, scribeReviewPath } from '../utils/scribe-paths.ts';
import { ScribeSessionHeader } from './ScribeSessionHeader.tsx';
import { SessionMissing } from './SessionMissing.tsx';
import { TranscriptImport } from './TranscriptImport.tsx';
import { TranscriptionStatus } from './TranscriptionStatus.tsx';
import { TranscriptPane } from './TranscriptPane.tsx';

const GENERATORS = [
  { value: 'builtin', label: 'Built-in (on this server, no network)' },
  { value: 'openai-chat', label: 'Chat model (configured provider)' },
];

/**
 * `/scribe/:id`: one scribe session. The patient and date, the note format; "Record" (the
 * capture screen), importing a transcript, the transcription's progress, the transcript with its
 * speakers; then "Generate note", which drafts the note and opens the review.
 */
export function ScribeSessionView({ sessionId }: { sessionId: string }) {
  useDocumentTitle('Scribe session · Caseload');
  const scribe = useScribeSession(sessionId);
  const { session, transcription } = scribe;
  const [format, setFormat] = useState<ScribeFormat>();
  const [generator, setGenerator] = useState<GeneratorChoice>('builtin');

  if (!session) {
    if (scribe.loading) return <LoadingIndicator fullScreen={false} label="Loading the scribe session" />;
    return <SessionMissing error={scribe.error} />;
  }
  const t = transcription.item;
  const chosen = format ?? session.scribe?.format ?? scribe.formats[0]!;
  const generated = session.scribe?.generatedNote;
  const hasRecording = (session.scribe?.recordings ?? []).length > 0;
  const ready = t?.status === 'Succeeded' && t.segments.length > 0;

  return (
    <Stack gap="md">
      <ScribeSessionHeader session={session} patient={scribe.patient} title="Scribe session">
        <Select
          label="Note format"
          w={220}
          data={scribe.formats.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
          value={chosen}
          onChange={(v) => v && setFormat(v as ScribeFormat)}
          allowDeselect={false}
          disabled={Boolean(generated)}
        />
        {scribe.mayRecord && !generated && (
          <Button component={Link} to={scribeRecordPath(session.id)} variant="light" leftSection={<IconMicrophone size={18} />}>
            Record
          </Button>
        )}
      </ScribeSessionHeader>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {t && <TranscriptionStatus transcription={t} retry={scribe.mayWrite ? scribe.transcribe : undefined} />}
            {t && t.segments.length > 0 && (
              <TranscriptPane
                transcription={t}
                onSave={scribe.mayWrite && !generated ? (next) => void transcription.save(next) : undefined}
              />
            )}
            {!t && transcription.loading && session.scribe?.transcription && (
              <LoadingIndicator fullScreen={false} label="Loading the transcript" />
            )}
            {!t && !session.scribe?.transcription && (
              <Paper withBorder p="md">
                <Text c="dimmed">
                  No transcript yet. {scribe.mayRecord ? 'Record the session, or import' : 'Import'} a transcript of it to draft the note.
                </Text>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {generated ? (
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Title order={2} fz="md">
                    Note drafted
                  </Title>
                  <Text fz="sm">The note is drafted. Review each sentence against the transcript, then open it to sign.</Text>
                  <Group>
                    <Button component={Link} to={scribeReviewPath(session.id)}>
                      Review the draft
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              scribe.mayWrite && (
                <Paper withBorder p="md" component="section" aria-labelledby="generate-title">
                  <Stack gap="sm">
                    <Title order={2} fz="md" id="generate-title">
                      Draft the note
                    </Title>
                    <Select
                      label="Generator"
                      data={GENERATORS}
                      value={generator}
                      onChange={(v) => v && setGenerator(v as GeneratorChoice)}
                      allowDeselect={false}
                    />
                    <FormErrorAlert error={scribe.generate.error} />
                    <Group>
                      <Button
                        leftSection={<IconSparkles size={18} />}
                        disabled={!ready}
                        loading={scribe.generate.pending}
                        onClick={() => void scribe.generate.run(chosen, generator)}
                      >
                        Generate {FORMAT_LABELS[chosen]} note
                      </Button>
                    </Group>
                    {!ready && (
                      <Text fz="xs" c="dimmed">
                        A note can be drafted once the session has a transcript.
                      </Text>
                    )}
                  </Stack>
                </Paper>
              )
            )}
            {hasRecording && !t && scribe.mayWrite && (
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Text fz="sm">The session has a recording.</Text>
                  <FormErrorAlert error={scribe.transcribe.error} />
                  <Group>
                    <Button variant="light" loading={scribe.transcribe.pending} onClick={() => void scribe.transcribe.run()}>
                      Transcribe the recording
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            )}
            {t?.status === 'Failed' && <FormErrorAlert error={scribe.transcribe.error} />}
            {scribe.mayWrite && !generated && (
              <TranscriptImport key={t?.id ?? 'none'} submit={scribe.importTranscript} replacing={Boolean(t)} />
            )}
            {!scribe.mayWrite && (
              <Alert variant="light" color="gray">
                You may read this session but not change it.
              </Alert>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
