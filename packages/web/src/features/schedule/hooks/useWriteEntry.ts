import type { Appointment } from '@caseload/core';
import { useCallback } from 'react';
import { isApiError, NetworkError } from '../../../api/index.ts';
import { useDataLayer } from '../../../data/index.ts';
import { useCurrentPractice, usePracticeTimeZone } from '../../practice/index.ts';
import { postOccurrenceEdit, type CalendarEntry } from '../api/schedule.api.ts';
import { conflictOfIssues } from '../utils/conflicts.ts';
import { storedOccurrence } from '../utils/occurrence-copy.ts';
import { occurrenceOfEntry, seriesMove, type SeriesScope } from '../utils/series-edit.ts';
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
 * A move given a `scope` (the user's answer to "this occurrence, this and following, or all") goes
 * through the occurrence call: `following` and `all` online only (utils/series-edit.ts); `this`
 * on the series head stores its first occurrence apart. Without a scope a stored appointment,
 * the head included, is written as it is (the drawer's status actions).
 * A conflict comes back for the user to book anyway (`overrideConflicts`).
 */
export function useWriteEntry(): (
  entry: CalendarEntry,
  changes: EntryChanges,
  overrideConflicts?: boolean,
  scope?: SeriesScope,
) => Promise<EntryWriteOutcome> {
  const save = useQueuedAppointmentSave();
  const layer = useDataLayer();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const timeZone = usePracticeTimeZone();
  return useCallback(
    async (given, changes, overrideConflicts = false, scope) => {
      const override = overrideConflicts ? { overrideConflicts: true } : {};
      const queued = async (draft: Parameters<typeof save>[0]): Promise<EntryWriteOutcome> => {
        const outcome = await save({ ...draft, ...override });
        if (outcome.kind === 'conflict') return { kind: 'conflict', message: outcome.conflict.message };
        return { kind: 'saved', appointment: outcome.appointment, queued: !layer.syncState.get().online };
      };
      const online = layer.syncState.get().online;
      if (scope && scope !== 'this') {
        const { seriesId, body } = seriesMove(given, scope, { start: changes.start!, end: changes.end! }, timeZone);
        try {
          const answer = await postOccurrenceEdit(practiceId, seriesId, { ...body, ...override });
          return { kind: 'saved', appointment: answer.newSeries ?? answer.series, queued: false };
        } catch (e) {
          const conflict = isApiError(e) ? conflictOfIssues(e.issues) : undefined;
          if (conflict) return { kind: 'conflict', message: conflict.message };
          throw e;
        }
      }
      // The head's own first occurrence, moved alone: as a computed occurrence at the head's start.
      const headAlone = scope === 'this' && !given.occurrenceOf && given.appointment.recurrence !== undefined;
      const entry: CalendarEntry = headAlone
        ? {
            ...given,
            occurrenceOf: {
              appointment: { resourceType: 'Appointment', id: given.appointment.id },
              originalStart: occurrenceOfEntry(given).originalStart,
            },
          }
        : given;
      if (!entry.occurrenceOf) return queued({ ...entry.appointment, ...changes });
      if (online) {
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
    [save, layer, practiceId, timeZone],
  );
}
