import type { CalendarEntry } from '@caseload/core';
import { useEffect, useMemo } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { profileReference, useCurrentPractice, usePracticeTimeZone } from '../../practice/index.ts';
import { fetchOccurrences } from '../api/appointments.api.ts';
import { dayWindow } from '../utils/appointment-text.ts';

export interface TodayAppointments {
  /** Today's entries in time order; undefined until the first answer. */
  entries: CalendarEntry[] | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * The signed-in clinician's appointments of today on the practice's clock, each stored one with
 * its note state (`withNoteState`). The server's calendar read, not the device store: series are
 * expanded and note states computed there. Read again when the window regains focus (a note
 * signed on another device changes a state).
 */
export function useTodayAppointments(enabled = true): TodayAppointments {
  const current = useCurrentPractice().current;
  const practiceId = current?.practiceId;
  const practitioner = profileReference(current);
  const practitionerId = practitioner?.resourceType === 'Practitioner' ? practitioner.id : undefined;
  const timeZone = usePracticeTimeZone();
  const read = useMemo(() => {
    if (!practiceId || !practitionerId || !enabled) return undefined;
    return () => {
      const { from, to } = dayWindow(new Date(), timeZone);
      return fetchOccurrences(practiceId, { from, to, practitioner: practitionerId, withNoteState: true });
    };
  }, [practiceId, practitionerId, timeZone, enabled]);
  const { value, loading, error, reload } = useServerRead(read, { afterPaint: true });
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);
  return { entries: value?.entries, loading, error, reload };
}
