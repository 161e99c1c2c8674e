import type { NoteAttestation } from '@caseload/core';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from '../../../ui/Modal.tsx';

export interface AttestationDialogProps {
  opened: boolean;
  onClose(): void;
  /** "Sign this note", "Co-sign this note". */
  title: string;
  /** What the signer attests (the practice's wording, docs/notes.md "Attestation"). */
  attestation: NoteAttestation;
  /** The final button: "Sign note", "Co-sign note". */
  confirmLabel: string;
  onConfirm(): void;
  pending: boolean;
  /** What will be frozen: the note's patient, session and sections. */
  children: ReactNode;
  /** The server's refusal of the last attempt. */
  error?: ReactNode;
}

/**
 * The last step before a clinical record is final: what will be frozen, then the attestation as a
 * checkbox the signer ticks, then the final button, enabled once ticked. A stray click or key
 * press on Sign opens this dialog and signs nothing; focus starts on the checkbox, which Enter
 * does not tick.
 */
export function AttestationDialog({
  opened,
  onClose,
  title,
  attestation,
  confirmLabel,
  onConfirm,
  pending,
  children,
  error,
}: AttestationDialogProps) {
  const [attested, setAttested] = useState(false);
  // Every opening asks again.
  useEffect(() => {
    if (!opened) setAttested(false);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form
        aria-label={title}
        data-testid="attestation-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (attested) onConfirm();
        }}
      >
        <Stack gap="md">
          {children}
          <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
            <Checkbox
              data-autofocus
              checked={attested}
              onChange={(e) => setAttested(e.currentTarget.checked)}
              label={
                <Text size="sm" fw={500}>
                  {attestation.text}
                </Text>
              }
              description={
                attestation.configuration
                  ? `Wording of ${attestation.configuration.display ?? 'the practice'}`
                  : "The practice's attestation"
              }
              disabled={pending}
              data-testid="attestation"
            />
          </Paper>
          {error}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconSignature size={18} />}
              disabled={!attested}
              loading={pending}
              data-testid="attest-and-sign"
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
