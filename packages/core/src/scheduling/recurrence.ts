import * as rruleModule from 'rrule';
import { localParts, zonedInstant } from '../notes/zoned-time.ts';
import { isoInstant } from '../time/instant.ts';
import type { Recurrence, RecurrenceRule, Weekday } from './types.ts';

// Node loads rrule's CommonJS build, whose named exports Node cannot detect (they sit on
// `default`); Vite and browsers load its ES build, which has them by name.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

/**
 * Recurrence on RFC 5545 rules (the `rrule` package), in the practice's time zone
 * (docs/scheduling.md, "Recurrence"). rrule counts in wall-clock time only when given "floating"
 * dates, so a series is expanded on the practice's wall clock (each local date and time written as
 * if it were UTC) and every occurrence is then turned into its instant with `zonedInstant`: a
 * weekly 09:00 session stays at 09:00 local across both DST changes. An occurrence keeps the
 * series' elapsed length (a 50-minute session is 50 minutes even on the night clocks change).
 * Month ends and leap days follow RFC 5545: a monthly series on the 31st skips shorter months,
 * a yearly one on 29 February happens in leap years only.
 */

/** The filter that finds series heads: served by Appointment's `recurrence.frequency` index. */
export const SERIES_HEADS = { field: 'recurrence.frequency', op: 'in', value: ['Daily', 'Weekly', 'Monthly', 'Annually'] } as const;

/** One occurrence: when it happens and which start it has in the series (its identity). */
export interface Occurrence {
  start: string;
  end: string;
  /** The start the series gives it; an exception or a stored moved occurrence names it. */
  originalStart: string;
}

/** What a series is expanded from: its head's start and end and its rule. */
export interface SeriesHead {
  start: string;
  end: string;
  recurrence: RecurrenceRule;
}

const FREQUENCY: Record<Recurrence, number> = {
  Daily: RRule.DAILY,
  Weekly: RRule.WEEKLY,
  Monthly: RRule.MONTHLY,
  Annually: RRule.YEARLY,
};

const WEEKDAY: Record<Weekday, number> = {
  Monday: 0,
  Tuesday: 1,
  Wednesday: 2,
  Thursday: 3,
  Friday: 4,
  Saturday: 5,
  Sunday: 6,
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock reading of an instant in `timeZone`, as a floating (UTC-labelled) date. */
function floating(instant: Date, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** The instant a floating date stands for in `timeZone`. */
function fromFloating(wall: Date, timeZone: string): Date {
  const iso = wall.toISOString();
  return zonedInstant(iso.slice(0, 10), iso.slice(11, 19), timeZone);
}

function ruleOf(head: SeriesHead, timeZone: string) {
  const r = head.recurrence;
  const until = r.until ? new Date(`${r.until}T23:59:59Z`) : undefined;
  return new RRule({
    freq: FREQUENCY[r.frequency] as never,
    interval: r.interval ?? 1,
    dtstart: floating(new Date(head.start), timeZone),
    ...(r.weekdays?.length ? { byweekday: r.weekdays.map((w) => WEEKDAY[w]) } : {}),
    ...(r.count !== undefined ? { count: r.count } : {}),
    ...(until ? { until } : {}),
  });
}

/**
 * The occurrences of a series that overlap [from, to), in order, less its exceptions. The window is
 * widened by a day on the wall clock before rrule sees it (no zone is more than 14 hours from UTC),
 * then each occurrence is checked against it as an instant.
 */
export function expandOccurrences(head: SeriesHead, timeZone: string, from: Date, to: Date, limit = 1000): Occurrence[] {
  const length = Date.parse(head.end) - Date.parse(head.start);
  const skipped = new Set(head.recurrence.exceptions ?? []);
  const rule = ruleOf(head, timeZone);
  const walls = rule.between(new Date(from.getTime() - DAY - length), new Date(to.getTime() + DAY), true);
  const out: Occurrence[] = [];
  for (const wall of walls) {
    const start = fromFloating(wall, timeZone);
    const end = new Date(start.getTime() + length);
    if (end <= from || start >= to) continue;
    const originalStart = isoInstant(start);
    if (skipped.has(originalStart)) continue;
    out.push({ start: originalStart, end: isoInstant(end), originalStart });
    if (out.length >= limit) break;
  }
  return out;
}

/** Whether `originalStart` is an occurrence the series' rule gives (exceptions included). */
export function isOccurrenceOf(head: SeriesHead, timeZone: string, originalStart: string): boolean {
  const at = new Date(originalStart);
  const all = expandOccurrences({ ...head, recurrence: { ...head.recurrence, exceptions: [] } }, timeZone, at, new Date(at.getTime() + 1));
  return all.some((o) => o.originalStart === originalStart);
}

/** The rule with one more exception: that occurrence is cancelled, or moved and stored on its own. */
export function withException(rule: RecurrenceRule, originalStart: string): RecurrenceRule {
  const exceptions = [...new Set([...(rule.exceptions ?? []), originalStart])].sort();
  return { ...rule, exceptions };
}

/**
 * "This and following": the series is cut at `originalStart`. The old series keeps the
 * occurrences before it (its rule ends the local day before, or after as many as it already had);
 * the new series starts at that occurrence (its start and end as the edit gives them) with the rest
 * of the count, and the exceptions that fall after the cut.
 */
export function splitSeries(head: SeriesHead, timeZone: string, originalStart: string): { before: RecurrenceRule; after: RecurrenceRule } {
  const r = head.recurrence;
  const cut = new Date(originalStart);
  const before = expandOccurrences({ ...head, recurrence: { ...r, exceptions: [] } }, timeZone, new Date(head.start), cut, 100_000);
  const cutWall = floating(cut, timeZone);
  const dayBefore = new Date(Date.UTC(cutWall.getUTCFullYear(), cutWall.getUTCMonth(), cutWall.getUTCDate()) - DAY);
  const untilBefore = `${dayBefore.getUTCFullYear()}-${pad(dayBefore.getUTCMonth() + 1)}-${pad(dayBefore.getUTCDate())}`;
  const exceptions = r.exceptions ?? [];
  const { count: _count, until: _until, exceptions: _e, ...shape } = r;
  const beforeRule: RecurrenceRule = {
    ...shape,
    ...(r.count !== undefined ? { count: before.length } : { until: untilBefore }),
    ...(exceptions.some((e) => e < originalStart) && { exceptions: exceptions.filter((e) => e < originalStart) }),
  };
  const afterRule: RecurrenceRule = {
    ...shape,
    ...(r.count !== undefined ? { count: Math.max(1, r.count - before.length) } : r.until ? { until: r.until } : {}),
    ...(exceptions.some((e) => e > originalStart) && { exceptions: exceptions.filter((e) => e > originalStart) }),
  };
  return { before: beforeRule, after: afterRule };
}
