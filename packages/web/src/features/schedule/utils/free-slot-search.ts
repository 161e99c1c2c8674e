import { isoInstant, zonedInstant } from '@caseload/core';

/**
 * The instant a free-slot search starts from: the chosen local date's midnight on the practice's
 * clock, or nothing (the server's now) when that is already past, so no slot offered has begun.
 */
export function searchFrom(date: string, timeZone: string, now: Date): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const midnight = zonedInstant(date, '00:00', timeZone);
  return midnight.getTime() > now.getTime() ? isoInstant(midnight) : undefined;
}

/** A search's duration, when it is one the server takes (5 to 720 whole minutes). */
export function validMinutes(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 5 && n <= 720 ? n : undefined;
}
