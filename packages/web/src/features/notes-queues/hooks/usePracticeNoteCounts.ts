import { useCallback } from 'react';
import { useServerRead, type ServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { countNotes } from '../api/note-queues.api.ts';
import { practiceNoteFilters, type PracticeNoteCounts } from '../utils/practice-note-filters.ts';

/** How many of the practice's notes are unsigned, await a co-signature, and were signed this week (server counts). */
export function usePracticeNoteCounts(): ServerRead<PracticeNoteCounts> {
  const practiceId = useCurrentPractice().current?.practiceId;
  const read = useCallback(async (): Promise<PracticeNoteCounts> => {
    const filters = practiceNoteFilters(new Date());
    const [unsigned, awaitingCoSignature, signedThisWeek] = await Promise.all([
      countNotes(practiceId!, filters.unsigned),
      countNotes(practiceId!, filters.awaitingCoSignature),
      countNotes(practiceId!, filters.signedThisWeek),
    ]);
    return { unsigned, awaitingCoSignature, signedThisWeek };
  }, [practiceId]);
  return useServerRead(practiceId ? read : undefined, { afterPaint: true });
}
