import type { Encounter } from '@caseload/core';
import { useCallback } from 'react';
import { startEncounterFor } from '../../appointments/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import type { CalendarEntry } from '../api/schedule.api.ts';

/** "Start note" from the calendar's drawer: the session's encounter, made as the appointment lists make it. Needs the server. */
export function useStartNote(): (entry: CalendarEntry) => Promise<Encounter> {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  return useCallback(async (entry) => (await startEncounterFor(practiceId, entry)).encounter, [practiceId]);
}
