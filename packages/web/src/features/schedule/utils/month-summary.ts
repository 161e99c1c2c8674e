import { localDate, type CalendarEntry } from '@caseload/core';

/** The month view shows this many visits a day; the rest are one "+N more" event that opens the day. */
export const MONTH_VISITS_PER_DAY = 3;

/** A day's visits past the first few, as one event of the month view. */
export interface DaySummary {
  date: string;
  hidden: number;
}

/**
 * A month's entries cut to the first few of each day on the practice's clock, and a summary of
 * each day's rest: FullCalendar builds an element for every event it is given, shown or not, so
 * a team's 2,000 visits are handed over as at most a few a day (docs/performance.md, "The
 * calendar's month").
 */
export function monthEntries(entries: readonly CalendarEntry[], timeZone: string): { shown: CalendarEntry[]; summaries: DaySummary[] } {
  const perDay = new Map<string, number>();
  const shown: CalendarEntry[] = [];
  for (const entry of entries) {
    const date = localDate(new Date(entry.start), timeZone);
    const count = (perDay.get(date) ?? 0) + 1;
    perDay.set(date, count);
    if (count <= MONTH_VISITS_PER_DAY) shown.push(entry);
  }
  const summaries = [...perDay]
    .filter(([, count]) => count > MONTH_VISITS_PER_DAY)
    .map(([date, count]) => ({ date, hidden: count - MONTH_VISITS_PER_DAY }));
  return { shown, summaries };
}
