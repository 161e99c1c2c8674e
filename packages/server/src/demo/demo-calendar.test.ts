import { describe, expect, it } from 'vitest';
import { demoCalendar, isOpen, localInstant, workingDayAfter } from './demo-calendar.ts';

describe('the demo practice calendar', () => {
  it('closes on weekends and the holidays US practices close for, as observed', () => {
    expect(isOpen('2026-11-25')).toBe(true);
    expect(isOpen('2026-11-26')).toBe(false); // Thanksgiving
    expect(isOpen('2026-11-28')).toBe(false); // Saturday
    expect(isOpen('2026-09-07')).toBe(false); // Labor Day
    expect(isOpen('2026-05-25')).toBe(false); // Memorial Day
    expect(isOpen('2026-07-03')).toBe(false); // Independence Day falls on a Saturday
    expect(isOpen('2026-12-25')).toBe(false);
    expect(isOpen('2021-12-31')).toBe(false); // New Year's Day 2022 falls on a Saturday
    expect(workingDayAfter('2026-11-25', 1)).toBe('2026-11-27');
    expect(workingDayAfter('2026-11-27', 1)).toBe('2026-11-30');
  });

  it('holds the twelve weeks before the day in the practice zone, every instant before that day begins', () => {
    // 02:00 UTC on the 21st is still the 20th in Los Angeles.
    const calendar = demoCalendar(new Date('2026-11-21T02:00:00Z'), 'America/Los_Angeles');
    expect(calendar.today).toBe('2026-11-20');
    expect(calendar.days).toHaveLength(84);
    expect(calendar.days[0]).toMatchObject({ date: calendar.firstDay, week: 0 });
    expect(calendar.days.at(-1)).toMatchObject({ date: '2026-11-19', week: 11 });
    expect(calendar.horizon.toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(localInstant(calendar, '2026-11-02', '08:00').toISOString()).toBe('2026-11-02T16:00:00.000Z');
    // Across the end of daylight saving time (1 November 2026): 08:00 is an hour later in UTC.
    expect(localInstant(calendar, '2026-10-30', '08:00').toISOString()).toBe('2026-10-30T15:00:00.000Z');
  });
});
