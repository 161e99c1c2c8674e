import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { FailedUpsert } from '../../../data/index.ts';

export interface FailedEditAlertProps {
  failure: FailedUpsert;
  /** What was being edited, for the sentence ("Jane Doe's contact details"). */
  what: string;
  /** Opens the form again with the refused values, so nothing typed is lost. */
  onEditAgain: () => void;
  onDismiss: () => void;
}

/** A save the server refused (the write queue's failed-upsert record): why, and the way back to the typed text. */
export function FailedEditAlert({ failure, what, onEditAgain, onDismiss }: FailedEditAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" title={`Your change to ${what} was not saved`}>
      <Text fz="sm">{failure.detail ?? `The server answered ${failure.status}.`}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={onEditAgain}>
          Edit again with my changes
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
