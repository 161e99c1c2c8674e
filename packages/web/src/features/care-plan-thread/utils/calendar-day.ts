const FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A calendar day (yyyy-MM-dd: a review date, a session's day on the practice's calendar) in words,
 * "Mar 2, 2026", as the practice clock writes dates. Read as a UTC day, so no time zone moves it
 * to the day before or after.
 */
export function calendarDay(date: string): string {
  const at = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) ? date : FORMAT.format(at);
}
