import type { Note } from '@caseload/core';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { NarrativeField } from './NarrativeField.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

export interface AmendDialogProps {
  note: Note;
  onClose(): void;
  onAmend(reason: string, changes: Pick<Note, 'sections'>): Promise<unknown>;
}

/**
 * Amending a signed note: its narratives, editable, and the reason. The amended version is a new
 * version (Amended) with the reason, author and time; the signed one stays readable in history.
 */
export function AmendDialog({ note, onClose, onAmend }: AmendDialogProps) {
  const [sections, setSections] = useState(note.sections);
  const narratives = sections.filter((s) => s.kind === 'Narrative' || s.kind === 'Import');
  return (
    <ReasonDialog
      opened
      onClose={onClose}
      title="Amend note"
      description="Correct the text below and say why. The signed version stays readable in the note's history."
      submitLabel="Amend"
      onSubmit={(reason) => onAmend(reason, { sections })}
    >
      <Stack gap="sm">
        {narratives.length === 0 && (
          <Text size="sm" c="dimmed">
            This note has no text sections to correct.
          </Text>
        )}
        {narratives.map((s) => (
          <NarrativeField
            key={s.key}
            label={s.title ?? s.key}
            value={s.narrative ?? ''}
            onChange={(html) => setSections((all) => all.map((x) => (x.key === s.key ? { ...x, narrative: html } : x)))}
          />
        ))}
      </Stack>
    </ReasonDialog>
  );
}
