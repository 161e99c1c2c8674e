import { localParts, startOfNextLocalDay } from './zoned-time.ts';

/**
 * Weekend-aware duration arithmetic (SPEC.md section 9): time between two instants, or an instant
 * plus a duration, either counting every hour or skipping Saturdays and Sundays of the practice's
 * local calendar (midnight to midnight, so a DST weekend is skipped whole).
 */
export interface WeekendOptions {
  includeWeekends: boolean;
  timeZone: string;
}

const isWeekend = (instant: Date, timeZone: string) => {
  const day = localParts(instant, timeZone).weekday;
  return day === 0 || day === 6;
};

/** Milliseconds from `from` to `to` (0 when `to` is not later), skipping weekends unless included. */
export function elapsedMs(from: Date, to: Date, options: WeekendOptions): number {
  if (to.getTime() <= from.getTime()) return 0;
  if (options.includeWeekends) return to.getTime() - from.getTime();
  let total = 0;
  let cursor = from;
  while (cursor.getTime() < to.getTime()) {
    const next = startOfNextLocalDay(cursor, options.timeZone);
    const segmentEnd = next.getTime() < to.getTime() ? next : to;
    if (!isWeekend(cursor, options.timeZone)) total += segmentEnd.getTime() - cursor.getTime();
    cursor = segmentEnd;
  }
  return total;
}

/** The instant `ms` after `from`, where weekend time does not count unless included. */
export function addElapsed(from: Date, ms: number, options: WeekendOptions): Date {
  if (options.includeWeekends || ms <= 0) return new Date(from.getTime() + Math.max(ms, 0));
  let remaining = ms;
  let cursor = from;
  for (;;) {
    const next = startOfNextLocalDay(cursor, options.timeZone);
    if (!isWeekend(cursor, options.timeZone)) {
      const available = next.getTime() - cursor.getTime();
      if (remaining <= available) return new Date(cursor.getTime() + remaining);
      remaining -= available;
    }
    cursor = next;
  }
}
