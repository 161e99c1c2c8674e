import { isoInstant, localDate, localParts, zonedInstant, type CalendarEntry, type OccurrenceEditBody } from '@caseload/core';

/** Which occurrences of a series an edit changes: the one dragged, it and every later one, or all. */
export type SeriesScope = 'this' | 'following' | 'all';

export const SERIES_SCOPE_LABELS: Readonly<Record<SeriesScope, string>> = {
  this: 'This occurrence',
  following: 'This and following',
  all: 'All occurrences',
};

/** A new time for an entry (UTC instants). */
export interface NewTime {
  start: string;
  end: string;
}

/**
 * Whether an entry is an occurrence of a series the user should be asked about: a computed
 * occurrence, or the series head itself (its first occurrence). An occurrence already stored on
 * its own (`appointment.occurrenceOf`) is one appointment: moving it changes nothing else.
 */
export function isSeriesEntry(entry: CalendarEntry): boolean {
  return entry.occurrenceOf !== undefined || entry.appointment.recurrence !== undefined;
}

/** The series' id and the occurrence's original start: a computed occurrence names them; the head is its own first occurrence. */
export function occurrenceOfEntry(entry: CalendarEntry): { seriesId: string; originalStart: string } {
  if (entry.occurrenceOf) return { seriesId: entry.occurrenceOf.appointment.id, originalStart: entry.occurrenceOf.originalStart };
  return { seriesId: entry.appointment.id, originalStart: entry.appointment.start };
}

const minutesOfDay = (instant: string, timeZone: string) => {
  const p = localParts(new Date(instant), timeZone);
  return p.hour * 60 + p.minute;
};
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * `instant` moved on the practice's wall clock as `from` moved to `to`: the same number of days
 * and the same change of local time, so a series moved from 09:00 to 10:00 on a summer day starts
 * at 10:00 on its winter first day too (an hour in UTC would not be an hour on the clock across a
 * DST change).
 */
export function shiftedOnWallClock(instant: string, from: string, to: string, timeZone: string): string {
  const days = daysBetween(localDate(new Date(from), timeZone), localDate(new Date(to), timeZone));
  const minutes = minutesOfDay(instant, timeZone) + minutesOfDay(to, timeZone) - minutesOfDay(from, timeZone);
  const dayShift = Math.floor(minutes / 1440);
  const date = new Date(`${localDate(new Date(instant), timeZone)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days + dayShift);
  return isoInstant(zonedInstant(date.toISOString().slice(0, 10), hhmm(((minutes % 1440) + 1440) % 1440), timeZone));
}

/**
 * The scopes a move of a series' occurrence may take. The later occurrences move with it only
 * online (the occurrence call; the write queue stores one appointment), and not to another day
 * when the rule names its weekdays (the rule would still say the old day).
 */
export function seriesScopes(entry: CalendarEntry, time: NewTime, timeZone: string, online: boolean): SeriesScope[] {
  const rule = entry.appointment.recurrence;
  const dayChanged = localDate(new Date(entry.start), timeZone) !== localDate(new Date(time.start), timeZone);
  if (!online || (dayChanged && rule?.weekdays?.length)) return ['this'];
  return ['this', 'following', 'all'];
}

/**
 * The occurrence call (`POST Appointments/{id}/occurrences`) for a move of a series' occurrence
 * to `time`: `this` stores the one occurrence; `following` cuts the series there; `all` moves the
 * series from its first occurrence by the same wall-clock change (the server changes the whole
 * series when the cut is at its start).
 */
export function seriesMove(
  entry: CalendarEntry,
  scope: SeriesScope,
  time: NewTime,
  timeZone: string,
): { seriesId: string; body: OccurrenceEditBody } {
  const { seriesId, originalStart } = occurrenceOfEntry(entry);
  const versionId = entry.appointment.meta.versionId;
  if (scope === 'this') return { seriesId, body: { versionId, originalStart, scope: 'this', ...time } };
  if (scope === 'following') return { seriesId, body: { versionId, originalStart, scope: 'thisAndFollowing', ...time } };
  const headStart = entry.appointment.start;
  const start = shiftedOnWallClock(headStart, entry.start, time.start, timeZone);
  const end = isoInstant(new Date(Date.parse(start) + Date.parse(time.end) - Date.parse(time.start)));
  return { seriesId, body: { versionId, originalStart: headStart, scope: 'thisAndFollowing', start, end } };
}
