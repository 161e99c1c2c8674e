import { Badge, Group, Text } from '@mantine/core';
import type { SenderState } from '../utils/chunk-sender.ts';
import { formatBytes } from '../utils/upload-plan.ts';

const PHASE_TEXT: Record<SenderState['phase'], string> = {
  idle: 'Uploaded so far',
  sending: 'Uploading',
  waiting: 'Offline: kept on this device, sent when the connection returns',
  refused: 'Refused by the server',
  failed: 'Upload failed',
  committed: 'Saved on the server',
};

/** What is still on this device only, and what the server has, for one recording. */
export function UploadStatus({ state, online }: { state: SenderState | undefined; online: boolean }) {
  const s = state ?? { phase: 'idle' as const, chunks: 0, bytes: 0, pendingChunks: 0, pendingBytes: 0 };
  const offline = !online || s.phase === 'waiting';
  return (
    <div data-testid="upload-status" data-phase={s.phase} data-pending-chunks={s.pendingChunks} data-bytes={s.bytes}>
      <Group gap="sm">
        <Badge color={offline ? 'orange' : s.phase === 'committed' ? 'teal' : 'gray'} variant="light">
          {offline ? 'Offline' : 'Online'}
        </Badge>
        <Text size="sm">{offline && s.phase !== 'waiting' ? PHASE_TEXT.waiting : PHASE_TEXT[s.phase]}</Text>
        <Text size="sm" c="dimmed" data-testid="pending-upload">
          {s.pendingChunks} {s.pendingChunks === 1 ? 'chunk' : 'chunks'} ({formatBytes(s.pendingBytes)}) waiting to upload · {s.chunks}{' '}
          recorded ({formatBytes(s.bytes)})
        </Text>
      </Group>
    </div>
  );
}
