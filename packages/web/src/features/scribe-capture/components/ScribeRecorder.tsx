import type { Note } from '@caseload/core';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { useCurrentPractice, usePracticePreferences } from '../../practice/index.ts';
import { useOnline } from '../hooks/useOnline.ts';
import { useRecordingCapture } from '../hooks/useRecordingCapture.ts';
import { useRecordingConsent } from '../hooks/useRecordingConsent.ts';
import { formatElapsed } from '../utils/upload-plan.ts';
import { AudioFileInput } from './AudioFileInput.tsx';
import { ConsentRequired } from './ConsentRequired.tsx';
import { FinishedRecording } from './FinishedRecording.tsx';
import { LevelMeter } from './LevelMeter.tsx';
import { MicrophoneProblem } from './MicrophoneProblem.tsx';
import { UnfinishedRecordings } from './UnfinishedRecordings.tsx';
import { UploadStatus } from './UploadStatus.tsx';

/** `/scribe/:id/record`: record the session (or upload its audio) into the ScribeSession `sessionId`. */
export function ScribeRecorder({ sessionId }: { sessionId: string }) {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const session = useResource<Note>('Notes', sessionId);
  const { values } = usePracticePreferences();
  const online = useOnline();
  const capture = useRecordingCapture({ practiceId, sessionId, purpose: 'session' });
  const consent = useRecordingConsent(session.item?.partition);
  const { mic, current, currentState, refusal } = capture;
  const recording = mic.status === 'recording' || mic.status === 'paused';
  const committed = Object.entries(capture.states)
    .filter(([, s]) => s.phase === 'committed')
    .at(-1)?.[1];
  const dictationOnly = values.dictationOnlyScribeSessions === true;
  const missingConsent = refusal !== undefined && /consent/i.test(refusal) && !dictationOnly;

  return (
    <Stack gap="md" maw={760} p="md">
      <Group justify="space-between">
        <Title order={2}>Record the session</Title>
        <Anchor component={Link} to={`/scribe/${encodeURIComponent(sessionId)}`}>
          Back to the session
        </Anchor>
      </Group>
      {session.item?.title && <Text c="dimmed">{session.item.title}</Text>}
      {dictationOnly && (
        <Alert color="orange" title="Dictation only" data-testid="dictation-only">
          This practice allows only clinician dictation in scribe sessions; session audio is not accepted. Dictate your summary into the
          note's fields instead.
        </Alert>
      )}
      {(mic.status === 'refused' || mic.status === 'unavailable') && <MicrophoneProblem refused={mic.status === 'refused'} />}
      {refusal && (
        <ConsentRequired
          message={refusal}
          saving={consent.saving}
          onRecordConsent={missingConsent && consent.mayRecordConsent ? () => void consent.record().then(capture.start) : undefined}
        />
      )}
      {capture.error && (
        <Alert color="red" role="alert" title="Could not start">
          {capture.error}
        </Alert>
      )}
      <UnfinishedRecordings
        recordings={capture.unfinished}
        states={capture.states}
        online={online}
        onFinish={(id) => void capture.finishRecording(id)}
      />
      {!dictationOnly && (
        <Card withBorder>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text size="xl" fw={700} aria-label="Elapsed time" data-testid="elapsed" ff="monospace">
                {formatElapsed(mic.elapsedMs)}
              </Text>
              <Text c={mic.status === 'recording' ? 'red' : 'dimmed'} data-testid="recorder-status">
                {mic.status === 'recording' ? '● Recording' : mic.status === 'paused' ? 'Paused' : 'Not recording'}
              </Text>
            </Group>
            <LevelMeter level={mic.level} active={mic.status === 'recording'} />
            <Group>
              {!recording && (
                <Button color="red" onClick={() => void capture.start()} loading={mic.status === 'asking'}>
                  {current || capture.unfinished.length > 0 ? 'Record more' : 'Start recording'}
                </Button>
              )}
              {mic.status === 'recording' && (
                <Button variant="default" onClick={mic.pause}>
                  Pause
                </Button>
              )}
              {mic.status === 'paused' && (
                <Button variant="default" onClick={mic.resume}>
                  Resume
                </Button>
              )}
              {recording && <Button onClick={() => void capture.finish()}>Stop and finish</Button>}
              <AudioFileInput onFile={(file) => void capture.uploadFile(file)} disabled={recording} />
            </Group>
            {current && <UploadStatus state={currentState} online={online} />}
          </Stack>
        </Card>
      )}
      {committed && !recording && (
        <FinishedRecording practiceId={practiceId} sessionId={sessionId} mediaId={committed.mediaId} size={committed.committedSize} />
      )}
    </Stack>
  );
}
