import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface ConflictWarningProps {
  /** The server's words: one sentence per conflict. */
  message: string;
  pending?: boolean;
  onBookAnyway(): void;
  onCancel(): void;
  cancelLabel?: string;
}

/** A booking over someone's time: never silent (docs/scheduling.md, "Conflicts"); the user books anyway or not. */
export function ConflictWarning({ message, pending, onBookAnyway, onCancel, cancelLabel = 'Change it' }: ConflictWarningProps) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title="This booking conflicts" role="alert">
      <Text size="sm">{message}</Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" color="yellow" onClick={onBookAnyway} loading={pending}>
          Book anyway
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </Group>
    </Alert>
  );
}
