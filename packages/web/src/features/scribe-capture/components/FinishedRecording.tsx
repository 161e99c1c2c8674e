import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranscribe } from '../hooks/useTranscribe.ts';
import { formatBytes } from '../utils/upload-plan.ts';

export interface FinishedRecordingProps {
  practiceId: string;
  sessionId: string;
  mediaId?: string;
  size?: number;
}

/** The recording is on the server: transcribe it, or go back to the session. */
export function FinishedRecording({ practiceId, sessionId, mediaId, size }: FinishedRecordingProps) {
  const t = useTranscribe(practiceId, sessionId);
  return (
    <Stack gap="sm" data-testid="recording-finished" data-media={mediaId}>
      <Text>The recording is saved on the server{size !== undefined ? ` (${formatBytes(size)})` : ''}.</Text>
      {t.busy && <Progress value={t.progress ?? 5} animated aria-label="Transcription progress" />}
      {t.status === 'Succeeded' && <Text c="teal">Transcribed.</Text>}
      {t.error && (
        <Alert color="orange" role="alert" title="Not transcribed">
          {t.error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void t.transcribe(mediaId)} loading={t.busy} disabled={t.status === 'Succeeded'}>
          Transcribe
        </Button>
        <Anchor component={Link} to={`/scribe/${encodeURIComponent(sessionId)}`}>
          Back to the session
        </Anchor>
      </Group>
    </Stack>
  );
}
