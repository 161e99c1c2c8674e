import type { CalendarEntry } from '@caseload/core';
import { useCallback, useMemo, useState } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { fetchOccurrences } from '../api/appointments.api.ts';
import { appointmentWindows, entriesOf } from '../utils/appointment-windows.ts';

export interface PatientAppointments {
  /** Undefined until the first answer. */
  entries: CalendarEntry[] | undefined;
  /** The windows read so far, nearest first. */
  windows: { from: string; to: string }[];
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** Reads one more window further from now. */
  showMore: () => void;
}

/**
 * A patient's upcoming or past appointments, through the calendar read (series expanded, note
 * states, hidden statuses as the practice says) in windows of 62 days from now: bounded reads,
 * and "Show more" reaches one window further. The windows are fixed when the tab opens, so
 * showing more does not shift the ones already shown.
 */
export function usePatientAppointments(patientId: string, direction: 'upcoming' | 'past'): PatientAppointments {
  const practiceId = useCurrentPractice().current?.practiceId;
  const [now] = useState(() => new Date());
  const [count, setCount] = useState(1);
  const windows = useMemo(() => appointmentWindows(now, direction, count), [now, direction, count]);
  const read = useMemo(() => {
    if (!practiceId) return undefined;
    return async () => {
      const pages = await Promise.all(
        windows.map((w) => fetchOccurrences(practiceId, { ...w, patient: patientId, withNoteState: true }).then((a) => a.entries)),
      );
      return entriesOf(pages, now, direction);
    };
  }, [practiceId, patientId, windows, now, direction]);
  const { value, loading, error, reload } = useServerRead(read);
  const showMore = useCallback(() => setCount((c) => c + 1), []);
  return { entries: value, windows, loading, error, reload, showMore };
}
