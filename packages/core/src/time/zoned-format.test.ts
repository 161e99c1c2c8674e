import { describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_TIME_ZONE, practiceTimeZone } from './practice-time-zone.ts';
import { zonedClock } from './zoned-format.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe('zonedClock', () => {
  const eight = '2024-01-15T13:00:00Z'; // 8:00 AM in New York, 10:00 PM in Tokyo

  it("shows the practice zone's wall clock, whatever zone the code runs in", () => {
    const clock = zonedClock(NY, { nameZone: false });
    expect(clock.formatDateTime(eight)).toBe('Jan 15, 2024, 8:00 AM');
    expect(clock.formatTime(eight)).toBe('8:00 AM');
    expect(clock.formatDate(eight)).toBe('Jan 15, 2024');
    expect(clock.format(eight, 'weekdayDateTime')).toBe('Mon, Jan 15, 2024, 8:00 AM');
    expect(clock.format(eight, 'weekdayTime')).toBe('Mon, Jan 15, 8:00 AM');
    expect(clock.format('2024-01-15T13:00:05Z', 'timeSeconds')).toBe('8:00:05 AM');
    // The same instant is another day on another practice's calendar.
    expect(zonedClock('Asia/Tokyo', { nameZone: false }).formatDate(eight)).toBe('Jan 15, 2024');
    expect(zonedClock(LA, { nameZone: false }).formatDateTime('2024-01-15T05:30:00Z')).toBe('Jan 14, 2024, 9:30 PM');
  });

  it("names the zone only when asked to (the reader's clock is another), and never on a bare date", () => {
    const named = zonedClock(NY, { nameZone: true });
    expect(named.namesZone).toBe(true);
    expect(named.formatTime(eight)).toBe('8:00 AM EST');
    expect(named.formatDateTime(eight)).toBe('Jan 15, 2024, 8:00 AM EST');
    expect(named.formatDate(eight)).toBe('Jan 15, 2024');
    const plain = zonedClock(NY, { nameZone: false });
    expect(plain.namesZone).toBe(false);
    expect(plain.formatTime(eight)).not.toMatch(/EST/);
  });

  it('follows DST: the name and the offset change at 2 AM on the change nights', () => {
    const clock = zonedClock(NY, { nameZone: true });
    // Spring forward, 2024-03-10: 1:59 EST is followed by 3:00 EDT.
    expect(clock.formatTime('2024-03-10T06:59:00Z')).toBe('1:59 AM EST');
    expect(clock.formatTime('2024-03-10T07:00:00Z')).toBe('3:00 AM EDT');
    expect(clock.zoneName('2024-07-01T12:00:00Z')).toBe('EDT');
    // Fall back, 2024-11-03: 1:30 happens twice, and the name tells them apart.
    expect(clock.formatTime('2024-11-03T05:30:00Z')).toBe('1:30 AM EDT');
    expect(clock.formatTime('2024-11-03T06:30:00Z')).toBe('1:30 AM EST');
  });

  it('writes a span with its date once, and its zone once unless DST changes within it', () => {
    const named = zonedClock(NY, { nameZone: true });
    expect(named.formatRange(eight, '2024-01-15T14:00:00Z')).toBe('Jan 15, 2024, 8:00 AM – 9:00 AM EST');
    expect(zonedClock(NY, { nameZone: false }).formatRange(eight, '2024-01-15T14:00:00Z')).toBe('Jan 15, 2024, 8:00 AM – 9:00 AM');
    expect(named.formatRange('2024-01-16T04:00:00Z', '2024-01-16T06:00:00Z')).toBe('Jan 15, 2024, 11:00 PM – Jan 16, 2024, 1:00 AM EST');
    expect(named.formatRange('2024-03-10T06:30:00Z', '2024-03-10T07:30:00Z')).toBe('Mar 10, 2024, 1:30 AM EST – 3:30 AM EDT');
  });

  it("reads and fills datetime-local inputs on the practice's clock, across DST", () => {
    const clock = zonedClock(NY, { nameZone: true });
    expect(clock.toInput(eight)).toBe('2024-01-15T08:00:00');
    expect(clock.fromInput('2024-01-15T08:00')).toBe('2024-01-15T13:00:00Z');
    expect(clock.fromInput('2024-07-15T08:00:00')).toBe('2024-07-15T12:00:00Z');
    // 02:30 does not exist on the spring-forward night; it reads as clocks do, an hour later.
    expect(clock.fromInput('2024-03-10T02:30')).toBe('2024-03-10T07:30:00Z');
    expect(clock.toInput(clock.fromInput('2024-11-03T01:30:00'))).toBe('2024-11-03T01:30:00');
    expect(clock.fromInput('')).toBeUndefined();
    expect(clock.fromInput('yesterday')).toBeUndefined();
  });

  it('answers nothing for no instant', () => {
    const clock = zonedClock(NY, { nameZone: true });
    expect(clock.formatDateTime(undefined)).toBe('');
    expect(clock.formatTime('not a date')).toBe('');
    expect(clock.dateOf(null)).toBe('');
    expect(clock.toInput('')).toBe('');
  });

  it("the practice zone is the preferences' when the platform knows it, else New York", () => {
    expect(practiceTimeZone({ timeZone: LA })).toBe(LA);
    expect(practiceTimeZone({ timeZone: 'Mars/Olympus_Mons' })).toBe(DEFAULT_PRACTICE_TIME_ZONE);
    expect(practiceTimeZone({})).toBe(NY);
    expect(practiceTimeZone(undefined)).toBe(NY);
  });
});
