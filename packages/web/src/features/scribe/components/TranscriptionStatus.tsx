import type { Transcription } from '@caseload/core';
import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import type { Submit } from '../../../ui/useSubmit.ts';

export interface TranscriptionStatusProps {
  transcription: Transcription;
  /** Transcribes the recording again (a Failed one). */
  retry?: Submit<[]>;
}

/** Where the transcription stands: preparing, in progress with its progress, done, or failed with why and a retry. */
export function TranscriptionStatus({ transcription: t, retry }: TranscriptionStatusProps) {
  if (t.status === 'Preparation' || t.status === 'InProgress') {
    return (
      <Alert color="blue" variant="light" title={t.status === 'Preparation' ? 'Preparing the transcription' : 'Transcribing the recording'}>
        <Progress value={t.progress} aria-label="Transcription progress" animated striped mt={4} />
        <Text fz="xs" mt={4} c="dimmed" aria-live="polite">
          {t.progress}% · you can leave this page; the transcript will be here when it is done.
        </Text>
      </Alert>
    );
  }
  if (t.status === 'Failed') {
    return (
      <Alert color="red" variant="light" role="alert" title="The transcription failed">
        <Text fz="sm">{t.error ?? 'Transcription failed.'}</Text>
        {retry && (
          <Group mt="sm">
            <Button size="xs" variant="light" color="red" loading={retry.pending} onClick={() => void retry.run()}>
              Transcribe again
            </Button>
          </Group>
        )}
      </Alert>
    );
  }
  return (
    <Text fz="sm" c="dimmed" data-testid="transcription-status">
      Transcript ready · {t.segments.length} segments ·{' '}
      {t.source === 'Provider' ? `transcribed (${t.provider ?? 'provider'})` : `imported (${t.source})`}
    </Text>
  );
}
