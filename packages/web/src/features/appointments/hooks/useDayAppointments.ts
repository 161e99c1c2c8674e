import type { CalendarEntry } from '@caseload/core';
import { zonedInstant, addDays, isoInstant } from '@caseload/core';
import { useMemo } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { profileReference, useCurrentPractice, usePracticeTimeZone } from '../../practice/index.ts';
import { fetchOccurrences } from '../api/appointments.api.ts';

/**
 * The signed-in practitioner's appointments of one local date (yyyy-MM-dd) on the practice's
 * clock, series expanded: what an itinerary plans its visits from. Undefined date: no read.
 */
export function useDayAppointments(date: string | undefined): { entries: CalendarEntry[] | undefined; loading: boolean; error: unknown } {
  const current = useCurrentPractice().current;
  const practiceId = current?.practiceId;
  const profile = profileReference(current);
  const practitionerId = profile?.resourceType === 'Practitioner' ? profile.id : undefined;
  const timeZone = usePracticeTimeZone();
  const read = useMemo(() => {
    if (!practiceId || !practitionerId || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
    const from = isoInstant(zonedInstant(date, '00:00', timeZone));
    const to = isoInstant(zonedInstant(addDays(date, 1), '00:00', timeZone));
    return () => fetchOccurrences(practiceId, { from, to, practitioner: practitionerId }).then((a) => a.entries);
  }, [practiceId, practitionerId, date, timeZone]);
  const { value, loading, error } = useServerRead(read);
  return { entries: value, loading, error };
}
