import { Stack, Text } from '@mantine/core';
import { useSyncState, type FailedUpsert } from '../../../data/index.ts';

export interface SaveStateProps {
  unsaved: boolean;
  failures: readonly FailedUpsert[];
}

/** Where the draft is: typed but not stored yet, stored on this device and queued, or on the server. */
export function SaveState({ unsaved, failures }: SaveStateProps) {
  const sync = useSyncState();
  const text = unsaved
    ? 'Saving…'
    : sync.pendingCount > 0
      ? sync.online
        ? 'Saved on this device, sending…'
        : 'Saved on this device (offline)'
      : 'All changes saved';
  const failed = failures[0];
  return (
    <Stack gap={2} align="flex-end">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="note-save-state">
        {text}
      </Text>
      {failed && (
        <Text size="sm" c="red" role="alert" maw={360} ta="right" data-testid="note-save-failure">
          A change was not saved: {failed.detail ?? 'the server refused it'}
          {failed.status === 409 &&
            ' Someone changed the same field at the same time; ' +
              'your text is kept under the sync status at the top (Copy, Restore my version).'}
        </Text>
      )}
    </Stack>
  );
}
