import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from './Modal.tsx';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  /** What is deleted, e.g. "the allergy Latex". */
  what: string;
  /** How to close the record instead, when it was not entered in error ("Make it inactive instead."). */
  instead?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a chart record is deleted: deleting is for a record entered in error; a real one is ended instead. */
export function ConfirmDeleteDialog({ opened, what, instead, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete as entered in error?" size="md">
      <Stack gap="md">
        <Text>
          Delete {what} from the chart? Only do this when it was entered in error; its history is kept for the audit trail.
          {instead ? ` ${instead}` : ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Keep it
          </Button>
          <Button color="intent-danger" onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
