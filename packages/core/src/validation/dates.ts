import type { DatePrecisions } from '../enums.ts';
import { badRequest } from '../errors/app-error.ts';

/** How much of an approximate date is known (SPEC.md section 5). */
export type DatePrecision = (typeof DatePrecisions)[number];

/** The words of SPEC.md section 5 for dates; month and day are ours, in the same style. */
export const DATE_MESSAGES = {
  invalidYear: (year: unknown) => `Invalid year: ${String(year)}`,
  invalidApproximate: (value: unknown) => `Invalid Approximate: ${String(value)}`,
  invalidApproximateMonth: (value: string) => `Invalid Approximate month: ${value}`,
  invalidApproximateDay: (value: string) => `Invalid Approximate day: ${value}`,
} as const;

/**
 * January 1st (UTC) of `year`. The year must be a safe, non-negative integer that a Date can
 * hold (0 to 275759); anything else is refused rather than turned into an Invalid Date.
 */
export function dateFromYear(year: unknown): Date {
  if (typeof year !== 'number' || !Number.isSafeInteger(year) || year < 0) {
    throw badRequest(DATE_MESSAGES.invalidYear(year));
  }
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, 0, 1);
  if (Number.isNaN(date.getTime())) throw badRequest(DATE_MESSAGES.invalidYear(year));
  return date;
}

/** A parsed approximate date: the parts it states and how precise it is. */
export interface ApproximateDate {
  precision: DatePrecision;
  year: number;
  month?: number;
  day?: number;
}

const SHAPES = {
  4: /^(\d{4})$/,
  7: /^(\d{4})-(\d{2})$/,
  10: /^(\d{4})-(\d{2})-(\d{2})$/,
} as const;
/** A full value is a calendar date, 'T', then a time with optional seconds, fraction and zone. */
const FULL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/;

const PRECISION_BY_LENGTH: Record<4 | 7 | 10, DatePrecision> = { 4: 'Year', 7: 'YearMonth', 10: 'YearMonthDay' };

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1 to 12) of a year, leap years included (the Gregorian rule, as Date keeps it). */
export function daysInMonth(year: number, month: number): number {
  // Arithmetic, not a Date: every date-time field of every write is checked with it.
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

/**
 * Parses an approximate date: `yyyy`, `yyyy-MM`, `yyyy-MM-dd`, or a full date-time (anything
 * containing 'T', e.g. `2024-05-01T10:00:00Z`). Month and day must exist in the calendar.
 *
 * @throws AppError BadRequest 'Invalid Approximate: {value}' for the wrong shape, or
 *   'Invalid Approximate month: {value}' / 'Invalid Approximate day: {value}'.
 */
export function parseApproximate(value: string): ApproximateDate {
  const hasTime = typeof value === 'string' && value.includes('T');
  const length = typeof value === 'string' ? value.length : 0;
  const match = hasTime ? FULL.exec(value) : length in SHAPES ? SHAPES[length as 4 | 7 | 10].exec(value) : null;
  if (!match) throw badRequest(DATE_MESSAGES.invalidApproximate(value));
  const precision = hasTime ? 'Full' : PRECISION_BY_LENGTH[length as 4 | 7 | 10];
  const [year, month, day] = match.slice(1, 4).map((p) => (p === undefined ? undefined : Number(p)));
  const result: ApproximateDate = { precision, year: year! };
  if (month !== undefined) {
    if (month < 1 || month > 12) throw badRequest(DATE_MESSAGES.invalidApproximateMonth(value));
    result.month = month;
  }
  if (day !== undefined) {
    if (day < 1 || day > daysInMonth(year!, month!)) throw badRequest(DATE_MESSAGES.invalidApproximateDay(value));
    result.day = day;
  }
  return result;
}

/**
 * Checks an approximate date and returns its precision; accepts `unknown` so request bodies can
 * be checked before they are typed.
 *
 * @throws AppError BadRequest as {@link parseApproximate}; a non-string is 'Invalid Approximate'.
 */
export function validateApproximate(value: unknown): DatePrecision {
  if (typeof value !== 'string') throw badRequest(DATE_MESSAGES.invalidApproximate(value));
  return parseApproximate(value).precision;
}

const pad = (n: number, width = 2) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).padStart(width, '0')}`;

function assertValid(date: Date): void {
  // A programming error, like Date#toISOString's RangeError, not bad input from a client.
  if (Number.isNaN(date.getTime())) throw new RangeError('Cannot format an invalid Date.');
}

/** `yyyy-MM-dd` of a Date in UTC (SPEC.md section 9). */
export function formatUtcDate(date: Date): string {
  assertValid(date);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** `HH:mm:ss` of a Date in UTC, 24-hour (SPEC.md section 9). */
export function formatUtcTime(date: Date): string {
  assertValid(date);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `yyyy-MM-ddTHH:mm:ssZ`, the UTC timestamp of SPEC.md section 9; milliseconds are dropped. */
export function formatUtcTimestamp(date: Date): string {
  return `${formatUtcDate(date)}T${formatUtcTime(date)}Z`;
}
