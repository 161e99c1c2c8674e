import { daysInMonth } from './dates.ts';

/**
 * The text forms of dates and times a resource field may hold (SPEC.md section 9; the rules are
 * in docs/validation.md, "Dates and times"). One definition for the whole product: the schemas,
 * the forms engine's answers and the server's check of every write use these.
 *
 * - `dateTime`: an RFC 3339 date-time: `yyyy-MM-ddTHH:mm:ss`, optional fractional seconds (1 to 9
 *   digits), then `Z` or an offset `±HH:mm`; upper-case `T` and `Z`. SPEC.md's UTC timestamp is
 *   one; so is what `Date#toISOString` writes.
 * - `instant`: SPEC.md's UTC timestamp exactly, `yyyy-MM-ddTHH:mm:ssZ` (what the notes domain
 *   writes, so its times compare as text).
 * - `date`: `yyyy-MM-dd`.
 * - `time`: a time of day, `HH:mm:ss`, 24-hour.
 * - `dateOrDateTime`: a `date` or a `dateTime`, for names that mean one on some types and the
 *   other on others (a period's `start`).
 *
 * Every date must exist in the (proleptic Gregorian) calendar, hours run 00 to 23, minutes and
 * seconds 00 to 59 (no leap second: JavaScript dates cannot hold one), offsets up to ±23:59.
 */
export type DateTimeFormat = 'dateTime' | 'instant' | 'date' | 'time' | 'dateOrDateTime';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** Whether a match's year, month and day (groups 1 to 3) name a day of the calendar. */
function existingDay(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A `yyyy-MM-dd` that exists in the calendar (not 2023-02-29). */
export const isCalendarDate = (value: string): boolean => existingDay(DATE.exec(value));

/** An RFC 3339 date-time with a zone, on a day that exists. */
export const isDateTime = (value: string): boolean => existingDay(DATE_TIME.exec(value));

/** A UTC timestamp in SPEC.md section 9's form, `yyyy-MM-ddTHH:mm:ssZ`, on a day that exists. */
export const isInstant = (value: string): boolean => existingDay(INSTANT.exec(value));

/** A time of day, `HH:mm:ss`. */
export const isTimeOfDay = (value: string): boolean => TIME.test(value);

/** Whether a value is text of the format. */
export const DATE_TIME_TESTS: Readonly<Record<DateTimeFormat, (value: string) => boolean>> = {
  dateTime: isDateTime,
  instant: isInstant,
  date: isCalendarDate,
  time: isTimeOfDay,
  dateOrDateTime: (value) => (value.length === 10 ? isCalendarDate(value) : isDateTime(value)),
};

/** What a value that is not of the format is told, in yup's template style (`${path}`). */
export const DATE_TIME_MESSAGES: Readonly<Record<DateTimeFormat, string>> = {
  dateTime: '${path} must be a date and time with a zone, such as 2024-05-01T14:30:00Z.',
  instant: '${path} must be a UTC time written yyyy-MM-ddTHH:mm:ssZ, such as 2024-05-01T14:30:00Z.',
  date: '${path} must be a calendar date written yyyy-MM-dd, such as 2024-05-01.',
  time: '${path} must be a time of day written HH:mm:ss, such as 14:30:00.',
  dateOrDateTime: '${path} must be a date (2024-05-01) or a date and time with a zone (2024-05-01T14:30:00Z).',
};

/** The message for a value at `path` that is not of the format. */
export function dateTimeMessage(format: DateTimeFormat, path: string): string {
  return DATE_TIME_MESSAGES[format].replace('${path}', path);
}
