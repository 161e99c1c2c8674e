import { owedCoSignerAttestation, type Note } from '@caseload/core';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AttestationDialog } from './AttestationDialog.tsx';
import { StaffName } from './StaffName.tsx';

export interface CoSignDialogProps {
  /** The note awaiting co-signature (undefined: closed). */
  note: Note | undefined;
  onClose(): void;
  /** Co-signs, attesting the words whose hash is given. */
  onCoSign(attestationHash: string): void;
  pending: boolean;
  /** The note's title and patient as the screen names them. */
  heading: string;
  /** The session's date and time in words. */
  when: string;
  error?: ReactNode;
}

/**
 * Co-signing's confirmation: which note, whose, when, and the co-signer's attestation as the
 * configuration worded it when the author signed (core `owedCoSignerAttestation`).
 */
export function CoSignDialog({ note, onClose, onCoSign, pending, heading, when, error }: CoSignDialogProps) {
  const attestation = owedCoSignerAttestation(note?.pendingSignatures?.find((p) => p.role === 'CoSigner'));
  return (
    <AttestationDialog
      opened={!!note}
      onClose={onClose}
      title="Co-sign this note"
      attestation={attestation}
      confirmLabel="Co-sign note"
      onConfirm={() => onCoSign(attestation.hash)}
      pending={pending}
      error={error}
    >
      <Stack gap={4} data-testid="co-sign-summary">
        <Text size="sm" fw={600}>
          {heading}
        </Text>
        <Text size="sm">Session: {when}</Text>
        {note && (
          <Text size="sm">
            Author: <StaffName reference={note.author} />
          </Text>
        )}
        {note?.pendingSignatures?.[0]?.reason && (
          <Text size="sm" c="dimmed">
            {note.pendingSignatures[0].reason}
          </Text>
        )}
        <Text size="sm">Co-signing makes the note final: it can then only be amended by its author.</Text>
      </Stack>
    </AttestationDialog>
  );
}
