import type { CalendarEntry, Encounter } from '@caseload/core';
import { useCallback, useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCan, useCurrentPractice, usePracticePreferences } from '../../practice/index.ts';
import { postStartEncounter, postStoreOccurrence } from '../api/appointments.api.ts';

/** The session "Start note" made, waiting for the kind of note to be chosen. */
export interface StartedSession {
  patientId: string;
  encounter: Encounter;
}

export interface StartNote {
  /** Whether to offer "Start note": the practice starts notes from appointments and the user may write notes. */
  allowed: boolean;
  start: Submit<[CalendarEntry]>;
  /** Which entry is being started (its key), for the button's spinner. */
  startingKey: string | undefined;
  session: StartedSession | undefined;
  close: () => void;
}

/**
 * "Start note" from an appointment (docs/scheduling.md, "From appointment to note"): the server
 * makes the session's encounter prefilled from the appointment (or answers the one already made),
 * then the New note dialog writes the note on it. A computed occurrence of a series is stored
 * first (scope `this`, unchanged), since only a stored appointment can be linked. Online only:
 * the prefill is the server's.
 */
export function useStartNote(onStarted?: () => void): StartNote {
  const practiceId = useCurrentPractice().current?.practiceId;
  const { values } = usePracticePreferences();
  const mayWriteNote = useCan('Create', 'Note');
  const mayWriteEncounter = useCan('Create', 'Encounter');
  const [session, setSession] = useState<StartedSession>();
  const [startingKey, setStartingKey] = useState<string>();
  const action = useCallback(
    async (entry: CalendarEntry) => {
      if (!practiceId) return;
      setStartingKey(entry.occurrenceOf ? `${entry.appointment.id}@${entry.occurrenceOf.originalStart}` : entry.appointment.id);
      try {
        const appointment = entry.occurrenceOf
          ? (await postStoreOccurrence(practiceId, entry.appointment, entry.occurrenceOf.originalStart)).occurrence
          : entry.appointment;
        if (!appointment) throw new Error('The occurrence could not be stored.');
        const encounter = await postStartEncounter(practiceId, appointment.id);
        setSession({ patientId: appointment.partition, encounter });
        onStarted?.();
      } finally {
        setStartingKey(undefined);
      }
    },
    [practiceId, onStarted],
  );
  const start = useSubmit(action);
  const close = useCallback(() => setSession(undefined), []);
  return { allowed: values.allowNotesFromAppointments && mayWriteNote && mayWriteEncounter, start, startingKey, session, close };
}
