import type { Appointment } from '@caseload/core';
import { useCallback } from 'react';
import { isApiError, NetworkError } from '../../../api/index.ts';
import { useDataLayer } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { postOccurrenceEdit, type CalendarEntry } from '../api/schedule.api.ts';
import { conflictOfIssues } from '../utils/conflicts.ts';
import { storedOccurrence } from '../utils/occurrence-copy.ts';
import { useQueuedAppointmentSave } from './useQueuedAppointmentSave.ts';

/** What an entry's edit changes: its time (a drag) or its status (the drawer's actions). */
export type EntryChanges = Partial<Pick<Appointment, 'start' | 'end' | 'status' | 'cancellationReason'>>;

export type EntryWriteOutcome = { kind: 'saved'; appointment: Appointment; queued: boolean } | { kind: 'conflict'; message: string };

/**
 * Writes an edit of a calendar entry (docs/scheduling.md, "The web calendar"):
 * - a stored appointment through the write queue (offline too);
 * - a computed occurrence of a series, online, through `POST Appointments/{id}/occurrences`
 *   (scope this), which stores the occurrence and excepts it from its series in one transaction;
 *   offline (or when the call cannot reach the server), as a new appointment with `occurrenceOf`
 *   through the write queue, which the server accepts as the series' occurrence.
 * A conflict comes back for the user to book anyway (`overrideConflicts`).
 */
export function useWriteEntry(): (entry: CalendarEntry, changes: EntryChanges, overrideConflicts?: boolean) => Promise<EntryWriteOutcome> {
  const save = useQueuedAppointmentSave();
  const layer = useDataLayer();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  return useCallback(
    async (entry, changes, overrideConflicts = false) => {
      const override = overrideConflicts ? { overrideConflicts: true } : {};
      const queued = async (draft: Parameters<typeof save>[0]): Promise<EntryWriteOutcome> => {
        const outcome = await save({ ...draft, ...override });
        if (outcome.kind === 'conflict') return { kind: 'conflict', message: outcome.conflict.message };
        return { kind: 'saved', appointment: outcome.appointment, queued: !layer.syncState.get().online };
      };
      if (!entry.occurrenceOf) return queued({ ...entry.appointment, ...changes });
      if (layer.syncState.get().online) {
        const { cancellationReason, ...edit } = changes;
        try {
          const answer = await postOccurrenceEdit(practiceId, entry.occurrenceOf.appointment.id, {
            versionId: entry.appointment.meta.versionId,
            originalStart: entry.occurrenceOf.originalStart,
            scope: 'this',
            ...edit,
            ...override,
          });
          const occurrence = answer.occurrence!;
          // The occurrence call takes no reason: it is written on the stored occurrence after.
          if (cancellationReason) return queued({ ...occurrence, cancellationReason });
          return { kind: 'saved', appointment: occurrence, queued: false };
        } catch (e) {
          const conflict = isApiError(e) ? conflictOfIssues(e.issues) : undefined;
          if (conflict) return { kind: 'conflict', message: conflict.message };
          if (!(e instanceof NetworkError)) throw e;
        }
      }
      return queued(storedOccurrence(entry, changes));
    },
    [save, layer, practiceId],
  );
}
