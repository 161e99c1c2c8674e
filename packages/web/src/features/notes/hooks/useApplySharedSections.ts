import type { Note } from '@caseload/core';
import { useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { putSharedSections } from '../api/notes.api.ts';

export interface ApplySharedSections {
  apply: Submit<[]>;
  /** The server's answer to the last apply: the notes it updated and the signed ones it left. */
  result?: { updated: unknown[]; skipped: unknown[] };
}

/**
 * Copies a group note's shared sections to every unsigned note of its session
 * (PUT …/shared-sections), after `beforeApply` has stored this note's edits.
 */
export function useApplySharedSections(note: Note, beforeApply: () => Promise<void>): ApplySharedSections {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const [result, setResult] = useState<{ updated: unknown[]; skipped: unknown[] }>();
  const apply = useSubmit(async () => {
    await beforeApply();
    setResult(
      await putSharedSections(
        practiceId,
        note.groupSession!.id,
        note.sections.filter((s) => s.shared),
      ),
    );
  });
  return { apply, result };
}
