import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ItemFailures } from '../utils/item-failures.ts';

export interface FailedEditAlertProps {
  failures: ItemFailures;
  /** What was being edited, for the sentence ("Jane Doe's contact details"). */
  what: string;
  /**
   * Opens the form again with the refused values, so nothing typed is lost. Absent where the user
   * may not make the change (a permission refused): the values are in the sync details to copy.
   */
  onEditAgain?: () => void;
  onDismiss: () => void;
}

/** Saves of one record the server refused (the write queue's failed-upsert records): why, and the way back to the typed text. */
export function FailedEditAlert({ failures, what, onEditAgain, onDismiss }: FailedEditAlertProps) {
  const { latest, all } = failures;
  const title = all.length === 1 ? `Your change to ${what} was not saved` : `Your ${all.length} changes to ${what} were not saved`;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" title={title}>
      <Text fz="sm">{latest.detail ?? `The server answered ${latest.status}.`}</Text>
      {!onEditAgain && (
        <Text fz="sm" c="dimmed">
          What you typed is kept under the sync status at the top of the page, to copy.
        </Text>
      )}
      <Group gap="xs" mt="xs">
        {onEditAgain && (
          <Button size="xs" onClick={onEditAgain}>
            Edit again with my changes
          </Button>
        )}
        <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
