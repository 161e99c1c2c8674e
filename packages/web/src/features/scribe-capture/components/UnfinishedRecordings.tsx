import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { LocalRecording } from '../utils/capture-store.ts';
import type { SenderState } from '../utils/chunk-sender.ts';
import { formatElapsed } from '../utils/upload-plan.ts';
import { UploadStatus } from './UploadStatus.tsx';

export interface UnfinishedRecordingsProps {
  recordings: LocalRecording[];
  states: Record<string, SenderState>;
  online: boolean;
  onFinish: (id: string) => void;
}

/**
 * Recordings an earlier visit left on this device (the page was reloaded or closed mid-recording):
 * their chunks are being sent; the user finishes each (commits what was recorded). Recording
 * more starts a new recording of the session: a WebM stream cannot be continued once its recorder is gone.
 */
export function UnfinishedRecordings({ recordings, states, online, onFinish }: UnfinishedRecordingsProps) {
  const shown = recordings.filter((r) => states[r.id]?.phase !== 'committed');
  if (shown.length === 0) return null;
  return (
    <Stack gap="sm">
      {shown.map((r) => (
        <Card
          key={r.id}
          withBorder
          role="region"
          aria-label="Unfinished recording"
          data-testid="unfinished-recording"
          data-recorded-ms={r.recordedMs}
        >
          <Text fw={600}>Unfinished recording</Text>
          <Text size="sm" c="dimmed">
            Started {new Date(r.startedAt).toLocaleTimeString()} · {formatElapsed(r.recordedMs)} recorded
            {r.fileName ? ` · ${r.fileName}` : ''}
          </Text>
          <UploadStatus state={states[r.id]} online={online} />
          <Group mt="sm">
            <Button onClick={() => onFinish(r.id)} disabled={r.state === 'finishing'}>
              Finish this recording
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
