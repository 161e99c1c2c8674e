import { Text } from '@mantine/core';
import { useSyncState } from '../../../data/index.ts';

/** Where the plan is: being typed, held by a tree the rules refuse, on this device and queued, or on the server. */
export function PlanSaveState({ unsaved, held }: { unsaved: boolean; held?: 'structure' | 'blankText' }) {
  const sync = useSyncState();
  const text = held
    ? held === 'structure'
      ? 'Not saved: fix the elements marked in red'
      : 'Saved once every new element has its text'
    : unsaved
      ? 'Saving…'
      : sync.pendingCount > 0
        ? sync.online
          ? 'Saved on this device, sending…'
          : 'Saved on this device (offline)'
        : 'All changes saved';
  return (
    <Text size="sm" c={held === 'structure' ? 'red' : 'dimmed'} aria-live="polite" data-testid="plan-save-state">
      {text}
    </Text>
  );
}
