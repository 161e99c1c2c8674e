import { localDate, localParts, zonedInstant } from '../notes/zoned-time.ts';
import { isoInstant } from '../time/instant.ts';
import type { Schedule, Weekday } from './types.ts';

/** An interval of instants (ms since the epoch), end exclusive. */
interface Span {
  start: number;
  end: number;
}

export interface FreeSlot {
  start: string;
  end: string;
  /** The location whose hours the slot falls in, when the schedule names one. */
  locationId?: string;
}

export interface FreeSlotQuery {
  /** The clinician's (or room's) schedules; inactive ones are ignored. */
  schedules: readonly Schedule[];
  /** Times already taken: booked appointments (of the clinician, and of the room when asked). */
  busy: readonly { start: string; end: string }[];
  timeZone: string;
  /** The earliest start. */
  from: Date;
  minutes: number;
  count: number;
  /** Only hours a schedule spends at this location (schedules without one count everywhere). */
  locationId?: string;
  /** Slots start on this grid of local minutes past the hour (15: :00, :15, :30, :45). */
  stepMinutes?: number;
  /** How many local days ahead to look (60). */
  horizonDays?: number;
}

const WEEKDAY_NAMES: readonly Weekday[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MINUTE = 60_000;

function subtract(free: Span[], taken: Span): Span[] {
  const out: Span[] = [];
  for (const s of free) {
    if (taken.end <= s.start || taken.start >= s.end) {
      out.push(s);
      continue;
    }
    if (taken.start > s.start) out.push({ start: s.start, end: taken.start });
    if (taken.end < s.end) out.push({ start: taken.end, end: s.end });
  }
  return out;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The next `count` free slots of `minutes` (docs/scheduling.md, "Free slots"): inside a schedule's
 * working hours on the practice's wall clock (so DST days keep their local hours), outside its
 * breaks and time off and every busy time, starting on the local `stepMinutes` grid, from `from`
 * on, looking `horizonDays` ahead.
 */
export function findFreeSlots(q: FreeSlotQuery): FreeSlot[] {
  const step = q.stepMinutes ?? 15;
  const found: FreeSlot[] = [];
  const busy: Span[] = q.busy.map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) }));
  let date = localDate(q.from, q.timeZone);
  for (let day = 0; day < (q.horizonDays ?? 60) && found.length < q.count; day++, date = nextDate(date)) {
    const weekday = WEEKDAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    for (const schedule of q.schedules) {
      if (schedule.active === false) continue;
      if (schedule.activeFrom && date < schedule.activeFrom) continue;
      if (schedule.activeUntil && date > schedule.activeUntil) continue;
      if (q.locationId && schedule.location && schedule.location.id !== q.locationId) continue;
      const at = (time: string) => zonedInstant(date, time, q.timeZone).getTime();
      let free: Span[] = schedule.workingHours
        .filter((h) => h.weekday === weekday)
        .map((h) => ({ start: at(h.startTime), end: at(h.endTime) }));
      for (const b of schedule.breaks ?? []) {
        if (!b.weekdays || b.weekdays.includes(weekday)) free = subtract(free, { start: at(b.startTime), end: at(b.endTime) });
      }
      for (const off of schedule.timeOff ?? []) free = subtract(free, { start: Date.parse(off.start), end: Date.parse(off.end) });
      for (const b of busy) free = subtract(free, b);
      for (const span of free.sort((a, b) => a.start - b.start)) {
        let start = Math.max(span.start, q.from.getTime());
        const minute = localParts(new Date(start), q.timeZone).minute;
        const offGrid = (minute % step) * MINUTE + (start % MINUTE);
        if (offGrid > 0) start += step * MINUTE - offGrid;
        for (; start + q.minutes * MINUTE <= span.end && found.length < q.count; start += step * MINUTE) {
          found.push({
            start: isoInstant(new Date(start)),
            end: isoInstant(new Date(start + q.minutes * MINUTE)),
            ...(schedule.location && { locationId: schedule.location.id }),
          });
        }
      }
    }
  }
  // Two schedules of one clinician may cover the same hours: each start once.
  const unique = [...new Map(found.map((slot) => [slot.start, slot])).values()];
  return unique.sort((a, b) => a.start.localeCompare(b.start)).slice(0, q.count);
}
