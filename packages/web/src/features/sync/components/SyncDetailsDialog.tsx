import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSyncState } from '../../../data/index.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { summariseSync } from '../utils/sync-summary.ts';
import { FailedEditCard } from './FailedEditCard.tsx';

export interface SyncDetailsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The sync state in full, and each refused edit with the ways to get the user's text back. */
export function SyncDetailsDialog({ opened, onClose }: SyncDetailsDialogProps) {
  const sync = useSyncState();
  const summary = summariseSync(sync);
  return (
    <Modal opened={opened} onClose={onClose} title="Your edits" size="lg" closeOnEscape closeOnClickOutside>
      <Stack gap="md">
        <Text>{summary.sentence}</Text>
        {sync.failed.length > 0 && (
          <>
            <Alert variant="light" color="orange" icon={<IconInfoCircle size={20} />}>
              The server refused these edits, usually because someone else changed the same item first. The server's copy is
              shown in Caseload now; your words are below. Copy them, or restore your version on top of the latest one.
            </Alert>
            {sync.failed.map((failure) => (
              <FailedEditCard key={failure.hash} failure={failure} onDismiss={() => void sync.dismissFailed(failure.hash)} />
            ))}
          </>
        )}
      </Stack>
    </Modal>
  );
}
