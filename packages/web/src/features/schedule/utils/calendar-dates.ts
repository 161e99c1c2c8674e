import { isoInstant, zonedInstant } from '@caseload/core';

/** The hour a booking made on a whole day (the month view) starts at, on the practice's clock. */
const DAY_BOOKING_TIME = '09:00';
/** How long a booking made on a whole day, or by a click, lasts until the user says. */
export const DEFAULT_MINUTES = 50;

/**
 * An instant of FullCalendar's (an ISO string with the practice zone's offset, or a bare date in
 * the month view) as the server's UTC instant `yyyy-MM-ddTHH:mm:ssZ`. A bare date is that day at
 * the booking hour on the practice's clock.
 */
export function calendarInstant(value: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isoInstant(zonedInstant(value, DAY_BOOKING_TIME, timeZone));
  return isoInstant(new Date(value));
}

/** A selection's start and length in minutes: a whole-day selection, or a click, books the default length. */
export function selectionSlot(startStr: string, endStr: string, allDay: boolean, timeZone: string): { start: string; minutes: number } {
  const start = calendarInstant(startStr, timeZone);
  if (allDay) return { start, minutes: DEFAULT_MINUTES };
  const minutes = Math.round((Date.parse(endStr) - Date.parse(startStr)) / 60_000);
  return { start, minutes: minutes >= 15 ? minutes : DEFAULT_MINUTES };
}

export const addMinutes = (instant: string, minutes: number) => isoInstant(new Date(Date.parse(instant) + minutes * 60_000));
