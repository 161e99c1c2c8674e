import { describe, expect, it } from 'vitest';
import { addMinutes, calendarInstant, selectionSlot } from './calendar-dates.ts';

const ZONE = 'America/New_York';

describe('calendar dates', () => {
  it('reads FullCalendar times with the zone offset as UTC instants', () => {
    expect(calendarInstant('2026-03-02T09:00:00-05:00', ZONE)).toBe('2026-03-02T14:00:00Z');
    // After the spring change the same wall-clock hour is an hour earlier in UTC.
    expect(calendarInstant('2026-03-09T09:00:00-04:00', ZONE)).toBe('2026-03-09T13:00:00Z');
  });

  it('books a whole day (the month view) at 9:00 on the practice clock, for the default length', () => {
    expect(selectionSlot('2026-03-09', '2026-03-10', true, ZONE)).toEqual({ start: '2026-03-09T13:00:00Z', minutes: 50 });
    expect(selectionSlot('2026-03-02T09:00:00-05:00', '2026-03-02T10:00:00-05:00', false, ZONE)).toEqual({
      start: '2026-03-02T14:00:00Z',
      minutes: 60,
    });
    expect(addMinutes('2026-03-02T14:00:00Z', 50)).toBe('2026-03-02T14:50:00Z');
  });
});
