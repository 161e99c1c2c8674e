import { isAnswered, type Encounter, type Note, type NoteAttestation } from '@caseload/core';
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AttestationDialog } from './AttestationDialog.tsx';
import { EncounterSummary } from './EncounterSummary.tsx';

export interface SignNoteDialogProps {
  opened: boolean;
  onClose(): void;
  note: Note;
  encounter: Encounter;
  patientName: string;
  /** Who gave the patient signature the configuration asks for, if one was taken. */
  patientSigner?: string;
  attestation: NoteAttestation;
  labels: { session: string; location: string; patient: string };
  timeZone: string;
  onSign(): void;
  signing: boolean;
  error?: ReactNode;
}

/** A section's state in a few words: what the signature freezes of it. */
function sectionState(section: Note['sections'][number]): string {
  if (section.kind === 'Narrative' || section.kind === 'Import') {
    const words = (section.narrative ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .trim()
      .split(/\s+/)
      .filter(Boolean).length;
    return words ? `${words} word${words === 1 ? '' : 's'}` : 'empty';
  }
  const answers = Object.values(section.answers ?? {}).filter(isAnswered).length;
  return answers ? `${answers} answer${answers === 1 ? '' : 's'}` : 'not answered';
}

/**
 * Signing's confirmation (AttestationDialog): the patient, the session as it will be frozen
 * (service, date and time, place...), each section with how much it holds, and the author's
 * attestation.
 */
export function SignNoteDialog({
  opened,
  onClose,
  note,
  encounter,
  patientName,
  patientSigner,
  attestation,
  labels,
  timeZone,
  onSign,
  signing,
  error,
}: SignNoteDialogProps) {
  return (
    <AttestationDialog
      opened={opened}
      onClose={onClose}
      title="Sign this note"
      attestation={attestation}
      confirmLabel="Sign note"
      onConfirm={onSign}
      pending={signing}
      error={error}
    >
      <Text size="sm">Signing freezes what follows: the note can no longer be edited, only amended with a reason.</Text>
      <Stack gap={6} data-testid="sign-summary">
        <Title order={3} fz="sm">
          {note.title ?? 'Note'} · {labels.patient}: {patientName}
        </Title>
        <EncounterSummary encounter={encounter} timeZone={timeZone} labels={labels} />
        <Text size="xs" c="dimmed" mt={4}>
          Sections
        </Text>
        {note.sections.length === 0 ? (
          <Text size="sm">No sections.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {note.sections.map((s) => (
              <List.Item key={s.key}>
                {s.title ?? s.key}: {sectionState(s)}
              </List.Item>
            ))}
          </List>
        )}
        {patientSigner && (
          <Text size="sm">
            {labels.patient} signature: given by {patientSigner}
          </Text>
        )}
      </Stack>
    </AttestationDialog>
  );
}
