import { useMemo } from 'react';
import { useServerRead, type ServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { getOccurrences, type CalendarEntry } from '../api/schedule.api.ts';

/** The visible range, as UTC instants (FullCalendar's datesSet, in the practice's zone). */
export interface VisibleRange {
  from: string;
  to: string;
}

/**
 * The calendar's entries for the visible range: the server's `_occurrences` read (series expanded
 * there, in the practice's zone), read again when the range or whose calendar changes. Nothing is
 * read until someone is chosen.
 */
export function useCalendarEntries(
  range: VisibleRange | undefined,
  practitioners: readonly string[],
  locations: readonly string[],
): ServerRead<CalendarEntry[]> {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  // The lists by value: new arrays each render must not read again.
  const who = JSON.stringify({ practitioners, locations });
  const read = useMemo(() => {
    const named = JSON.parse(who) as { practitioners: string[]; locations: string[] };
    if (!range || !practiceId || named.practitioners.length + named.locations.length === 0) return undefined;
    return async () => (await getOccurrences(practiceId, { ...range, ...named })).entries;
  }, [practiceId, range, who]);
  return useServerRead(read);
}
