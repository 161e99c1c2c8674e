import { ActionIcon, Button, Indicator, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCloud, IconCloudCheck, IconCloudUpload, IconWifiOff, type Icon } from '@tabler/icons-react';
import { lazy } from 'react';
import { useSyncState } from '../../../data/index.ts';
import { DeferredMount } from '../../../ui/DeferredMount.tsx';
import { TooltipOnFirstUse } from '../../../ui/TooltipOnFirstUse.tsx';
import { warmUpLater } from '../../../ui/warm-up.ts';
import { summariseSync, type SyncStatus } from '../utils/sync-summary.ts';

// The details and their failed-edit cards: fetched after the first screen (or when first opened),
// out of the first load.
const loadSyncDetailsDialog = () => import('./SyncDetailsDialog.tsx');
warmUpLater(loadSyncDetailsDialog);
const SyncDetailsDialog = lazy(() => loadSyncDetailsDialog().then((m) => ({ default: m.SyncDetailsDialog })));

const LOOK: Record<SyncStatus, { icon: Icon; color: string }> = {
  checking: { icon: IconCloud, color: 'gray' },
  failed: { icon: IconAlertTriangle, color: 'red' },
  offline: { icon: IconWifiOff, color: 'orange' },
  pending: { icon: IconCloudUpload, color: 'caseload' },
  synced: { icon: IconCloudCheck, color: 'gray' },
};

export interface SyncStateIndicatorProps {
  /** Icon only, with a count badge (a phone's header). */
  compact?: boolean;
}

/**
 * The data layer's state in the header (issue 4): online or offline, how many edits wait, and the
 * refused ones, which open a dialog where the user's text can be copied or restored.
 */
export function SyncStateIndicator({ compact = false }: SyncStateIndicatorProps) {
  const sync = useSyncState();
  const summary = summariseSync(sync);
  const [opened, dialog] = useDisclosure(false);
  const { icon: StatusIcon, color } = LOOK[summary.status];
  const count = summary.status === 'failed' ? sync.failed.length : sync.pendingCount;
  // The calm states are a quiet icon (its name says which); news is a button with words.
  const quiet = summary.status === 'synced' || summary.status === 'checking';

  const trigger =
    compact || quiet ? (
      <TooltipOnFirstUse label={summary.sentence}>
        <Indicator disabled={count === 0} label={count} size={16} color={color} offset={4}>
          <ActionIcon
            variant={quiet ? 'subtle' : 'light'}
            color={color}
            size={compact ? 44 : 36}
            aria-label={`Sync: ${summary.sentence}`}
            onClick={dialog.open}
          >
            <StatusIcon size={20} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Indicator>
      </TooltipOnFirstUse>
    ) : (
      <Button
        variant="light"
        color={color}
        size="sm"
        leftSection={<StatusIcon size={16} aria-hidden />}
        onClick={dialog.open}
        aria-label={`Sync: ${summary.sentence}`}
      >
        {summary.short}
      </Button>
    );

  return (
    <>
      <span data-testid="sync-state" data-status={summary.status}>
        {trigger}
      </span>
      {/* Neither calm state is news to announce; "Checking…" passes at every load. */}
      <VisuallyHidden role="status">{quiet ? '' : summary.sentence}</VisuallyHidden>
      <DeferredMount when={opened}>
        <SyncDetailsDialog opened={opened} onClose={dialog.close} />
      </DeferredMount>
    </>
  );
}
