import { readerTimeZone, zonedClock, type ZonedClock } from '@caseload/core';

const clocks = new Map<string, ZonedClock>();

/**
 * The clock of a practice in `timeZone` as this browser shows it: the practice's wall clock,
 * naming the zone ("8:00 AM EST") when the browser's own zone is another, so no reader takes the
 * practice's 8:00 for their own (docs/architecture.md, "One time zone"). One per zone, shared.
 */
export function practiceClock(timeZone: string): ZonedClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = zonedClock(timeZone, { nameZone: timeZone !== readerTimeZone() });
    clocks.set(timeZone, clock);
  }
  return clock;
}
