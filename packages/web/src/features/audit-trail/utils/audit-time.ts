import { zonedClock } from '@caseload/core';

/**
 * When an event was recorded, on the practice's clock: `{ date: 'Mar 8, 2026', time: '3:04:05 AM EDT' }`.
 * Seconds and the zone's name are always shown: an audit trail is read to the second, and across
 * a DST change the same wall time happens twice.
 */
export function recordedParts(iso: string, timeZone: string): { date: string; time: string } {
  const clock = zonedClock(timeZone, { nameZone: true });
  return { date: clock.format(iso, 'date'), time: clock.format(iso, 'timeSeconds') };
}

/** `Mar 8, 2026, 3:04:05 AM EDT`. */
export function recordedText(iso: string, timeZone: string): string {
  const { date, time } = recordedParts(iso, timeZone);
  return `${date}, ${time}`;
}
