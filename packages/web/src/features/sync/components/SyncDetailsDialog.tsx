import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FAILED_UPSERT_EVICTION_MINUTES, useSyncState } from '../../../data/index.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { editPositions, orderFailures } from '../utils/edit-text.ts';
import { summariseSync } from '../utils/sync-summary.ts';
import { FailedEditCard } from './FailedEditCard.tsx';
import { QueuedEditsSection } from './QueuedEditsSection.tsx';

export interface SyncDetailsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The sync state in full: each refused edit with the ways to get the user's text back, and the
 * edits waiting to be sent, each to read and copy.
 */
export function SyncDetailsDialog({ opened, onClose }: SyncDetailsDialogProps) {
  const sync = useSyncState();
  const summary = summariseSync(sync);
  const failures = orderFailures(sync.failed);
  const positions = editPositions(failures);
  return (
    <Modal opened={opened} onClose={onClose} title="Your edits" size="lg" closeOnEscape closeOnClickOutside>
      <Stack gap="md">
        <Text>{summary.sentence}</Text>
        {sync.failed.length > 0 && (
          <>
            <Alert variant="light" color="orange" icon={<IconInfoCircle size={20} />}>
              The server refused these edits, each listed on its own with why. Caseload shows the server's copy again; what you typed is
              kept here for {FAILED_UPSERT_EVICTION_MINUTES / 60} hours. Copy it somewhere safe, or restore your version where you may still
              make the change.
            </Alert>
            {failures.map((failure) => (
              <FailedEditCard
                key={failure.hash}
                failure={failure}
                position={positions.get(failure.hash)}
                onDismiss={() => void sync.dismissFailed(failure.hash)}
              />
            ))}
          </>
        )}
        {sync.pendingCount > 0 && <QueuedEditsSection count={sync.pendingCount} held={!sync.online || sync.hold === 'signed-out'} />}
      </Stack>
    </Modal>
  );
}
