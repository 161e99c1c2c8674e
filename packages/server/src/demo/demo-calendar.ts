import { addDays, localDate, zonedInstant } from '@caseload/core';

/**
 * When the demo practice's clinical work happened, on its own wall clock. Sessions, signatures
 * and answers all lie on the weeks before `today` (the day the demo is made, in the practice's
 * zone), and every instant is before today's local midnight: so what is generated depends on the
 * seed and the day only, never on the hour, and nothing is dated in the future.
 */
export interface DemoCalendar {
  timeZone: string;
  /** The local date the practice is generated on (yyyy-MM-dd). */
  today: string;
  /** The first day with sessions: twelve weeks back. */
  firstDay: string;
  /** The day the notes set-up was configured: four weeks before the first sessions. */
  goLive: string;
  /** Today's local midnight: every generated instant is earlier. */
  horizon: Date;
  /** The days from the first day to yesterday, oldest first. */
  days: DemoDay[];
}

export interface DemoDay {
  /** yyyy-MM-dd */
  date: string;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** Whether the practice is open (a weekday that is not a holiday). */
  open: boolean;
  /** The week it falls in, counted from the first day (0 to ACTIVITY_WEEKS - 1). */
  week: number;
}

export const ACTIVITY_WEEKS = 12;

export function demoCalendar(asOf: Date, timeZone: string): DemoCalendar {
  const today = localDate(asOf, timeZone);
  const firstDay = addDays(today, -7 * ACTIVITY_WEEKS);
  const days = Array.from({ length: 7 * ACTIVITY_WEEKS }, (_, i): DemoDay => {
    const date = addDays(firstDay, i);
    return { date, weekday: weekdayOf(date), open: isOpen(date), week: Math.floor(i / 7) };
  });
  return { timeZone, today, firstDay, goLive: addDays(firstDay, -28), horizon: zonedInstant(today, '00:00:00', timeZone), days };
}

const instants = new Map<string, Date>();

/**
 * The instant of a local date and wall-clock time (HH:mm) in the practice's zone (remembered: a
 * practice asks for the same few thousand).
 */
export function localInstant(calendar: DemoCalendar, date: string, time: string): Date {
  const key = `${calendar.timeZone} ${date} ${time}`;
  let found = instants.get(key);
  if (!found) instants.set(key, (found = zonedInstant(date, `${time}:00`, calendar.timeZone)));
  return new Date(found);
}

/** The first day the practice is open `days` or more after a date. */
export function workingDayAfter(date: string, days: number): string {
  let day = addDays(date, days);
  while (!isOpen(day)) day = addDays(day, 1);
  return day;
}

/** Monday to Friday, except the holidays US practices close for (observed on the nearest weekday). */
export function isOpen(date: string): boolean {
  const weekday = weekdayOf(date);
  const year = Number(date.slice(0, 4));
  // A New Year's Day on a Saturday is observed on the last day of the year before.
  return weekday !== 0 && weekday !== 6 && !closedHolidays(year).has(date) && !closedHolidays(year + 1).has(date);
}

const holidays = new Map<number, Set<string>>();

/** New Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving and Christmas of a year, as observed. */
function closedHolidays(year: number): Set<string> {
  let found = holidays.get(year);
  if (found) return found;
  const date = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  /** The n-th given weekday of a month (n = -1: the last). */
  const nth = (month: number, weekday: number, n: number) => {
    if (n > 0) return addDays(date(month, 1), ((weekday - weekdayOf(date(month, 1)) + 7) % 7) + 7 * (n - 1));
    const last = addDays(month === 12 ? `${year + 1}-01-01` : date(month + 1, 1), -1);
    return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  };
  const observed = (d: string) => (weekdayOf(d) === 6 ? addDays(d, -1) : weekdayOf(d) === 0 ? addDays(d, 1) : d);
  found = new Set([observed(date(1, 1)), nth(5, 1, -1), observed(date(7, 4)), nth(9, 1, 1), nth(11, 4, 4), observed(date(12, 25))]);
  holidays.set(year, found);
  return found;
}

/** 0 Sunday ... 6 Saturday, of a calendar date. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** A UTC instant as notes store them: yyyy-MM-ddTHH:mm:ssZ (docs/notes.md). */
export const noteInstant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

/** HH:mm of minutes after midnight. */
export const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
