import { Button, Group, Stack, Text } from '@mantine/core';
import { useSyncState } from '../../../data/index.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { CopyTextButton, useUnsentEditsText } from '../../sync/index.ts';

export interface SignOutConfirmDialogProps {
  opened: boolean;
  signingOut: boolean;
  onStay: () => void;
  onSignOut: () => void;
}

/** Signing out with edits still on the device (issue 4: warn first; nothing is discarded without asking). */
export function SignOutConfirmDialog({ opened, signingOut, onStay, onSignOut }: SignOutConfirmDialogProps) {
  const { pendingCount, failed } = useSyncState();
  const text = useUnsentEditsText(opened);
  const edits = pendingCount === 1 ? '1 edit has' : `${pendingCount} edits have`;
  return (
    <Modal opened={opened} onClose={onStay} title="Sign out and lose edits?" size="md" closeOnEscape>
      <Stack gap="xs">
        {pendingCount > 0 && <Text>{edits} not reached the server yet.</Text>}
        {failed.length > 0 && (
          <Text>
            {failed.length === 1 ? '1 edit was' : `${failed.length} edits were`} refused by the server and kept here so you can copy your
            text (see the sync state in the header).
          </Text>
        )}
        <Text c="dimmed" fz="sm">
          Signing out clears Caseload's data from this device, including those edits. Stay signed in until they are sent, or copy them first
          and keep what you need.
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        {text && <CopyTextButton value={text} label="Copy them" size="sm" />}
        <Button variant="default" color="red" onClick={onSignOut} loading={signingOut}>
          Sign out and discard them
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
