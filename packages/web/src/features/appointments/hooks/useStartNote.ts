import type { CalendarEntry, Encounter } from '@caseload/core';
import { useCallback, useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCan, useCurrentPractice, usePracticePreferences } from '../../practice/index.ts';
import { startEncounterFor } from '../api/appointments.api.ts';

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
 * "Start note" from an appointment of a list: the session's encounter (`startEncounterFor`), then
 * the New note dialog writes the note on it.
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
        const { appointment, encounter } = await startEncounterFor(practiceId, entry);
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
