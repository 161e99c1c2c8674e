import type { Encounter } from '@caseload/core';
import { useCallback } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { postOccurrenceEdit, postStartEncounter, type CalendarEntry } from '../api/schedule.api.ts';

/**
 * "Start note" (docs/scheduling.md, "From appointment to note"): the server makes the session's
 * encounter prefilled from the appointment (twice answers the same one). A computed occurrence is
 * stored first (scope this, unchanged), since a note links a stored appointment. Needs the server.
 */
export function useStartNote(): (entry: CalendarEntry) => Promise<Encounter> {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  return useCallback(
    async (entry) => {
      let appointmentId = entry.appointment.id;
      if (entry.occurrenceOf) {
        const answer = await postOccurrenceEdit(practiceId, entry.occurrenceOf.appointment.id, {
          versionId: entry.appointment.meta.versionId,
          originalStart: entry.occurrenceOf.originalStart,
          scope: 'this',
        });
        appointmentId = answer.occurrence!.id;
      }
      return postStartEncounter(practiceId, appointmentId);
    },
    [practiceId],
  );
}
