import { Button, Group, Stack, Text } from '@mantine/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { intentColor } from '../../../ui/intents.ts';

export interface ActiveConfirmDialogProps {
  /** Who, as the screen names them. */
  name: string;
  /** True to deactivate, false to activate again. */
  deactivate: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * Asks before deactivating (or reactivating) a user, and says what deactivation does: every
 * session of the account ends at once, everywhere, and sign-in is refused until reactivated.
 */
export function ActiveConfirmDialog({ name, deactivate, onConfirm, onClose }: ActiveConfirmDialogProps) {
  const submit = useSubmit(async () => {
    await onConfirm();
    onClose();
  });
  const verb = deactivate ? 'Deactivate' : 'Activate';
  return (
    <Modal opened onClose={onClose} title={`${verb} ${name}?`} closeOnEscape={!submit.pending}>
      <Stack gap="md">
        {deactivate ? (
          <Text>
            This signs {name} out everywhere, on every device, at once. They can't sign in to this practice again until someone activates
            them. Their records and history stay as they are.
          </Text>
        ) : (
          <Text>{name} will be able to sign in to this practice again, with the roles they had.</Text>
        )}
        <FormErrorAlert error={submit.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submit.pending}>
            Cancel
          </Button>
          <Button color={intentColor(deactivate ? 'danger' : 'primary')} loading={submit.pending} onClick={() => void submit.run()}>
            {deactivate ? 'Deactivate and sign out everywhere' : verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
