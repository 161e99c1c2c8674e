import { describe, expect, it } from 'vitest';
import { findFreeSlots } from './free-slots.ts';
import type { Schedule } from './types.ts';

const NY = 'America/New_York';
const schedule = (o: Partial<Schedule> = {}): Schedule => ({
  id: 's1',
  resourceType: 'Schedule',
  meta: { versionId: 'v', lastModified: '2026-01-01T00:00:00Z' } as Schedule['meta'],
  actor: { resourceType: 'Practitioner', id: 'dr-a' },
  location: { resourceType: 'Location', id: 'loc-1' },
  workingHours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((weekday) => ({
    weekday: weekday as 'Monday',
    startTime: '09:00',
    endTime: '12:00',
  })),
  breaks: [{ startTime: '10:00', endTime: '10:30' }],
  ...o,
});

describe('findFreeSlots', () => {
  it('finds the next 5 free 50-minute slots around breaks and bookings', () => {
    // Monday 1 June 2026, 08:00 New York (12:00Z); 09:00-09:50 is booked.
    const slots = findFreeSlots({
      schedules: [schedule()],
      busy: [{ start: '2026-06-01T13:00:00Z', end: '2026-06-01T13:50:00Z' }],
      timeZone: NY,
      from: new Date('2026-06-01T12:00:00Z'),
      minutes: 50,
      count: 5,
    });
    // 09:50 → 10:00 is too short; break 10:00-10:30; then 10:30, 10:45, 11:00 (11:15 would end
    // past 12:00); Tuesday 09:00 (ends 09:50, before the break), then 10:30.
    expect(slots.map((s) => s.start)).toEqual([
      '2026-06-01T14:30:00Z',
      '2026-06-01T14:45:00Z',
      '2026-06-01T15:00:00Z',
      '2026-06-02T13:00:00Z',
      '2026-06-02T14:30:00Z',
    ]);
    expect(slots[0]).toMatchObject({ end: '2026-06-01T15:20:00Z', locationId: 'loc-1' });
  });

  it('skips time off and weekends, and keeps local hours across DST', () => {
    const slots = findFreeSlots({
      schedules: [schedule({ breaks: [], timeOff: [{ start: '2026-03-06T05:00:00Z', end: '2026-03-07T05:00:00Z' }] })],
      busy: [],
      timeZone: NY,
      from: new Date('2026-03-06T12:00:00Z'),
      minutes: 180,
      count: 2,
    });
    // Friday 6 March off, weekend, Monday 9 March 09:00 EDT = 13:00Z.
    expect(slots.map((s) => s.start)).toEqual(['2026-03-09T13:00:00Z', '2026-03-10T13:00:00Z']);
  });

  it('honours the location, inactive schedules and the period', () => {
    const base = { busy: [], timeZone: NY, from: new Date('2026-06-01T12:00:00Z'), minutes: 60, count: 1 };
    expect(findFreeSlots({ ...base, schedules: [schedule()], locationId: 'loc-2' })).toEqual([]);
    expect(findFreeSlots({ ...base, schedules: [schedule({ active: false })] })).toEqual([]);
    expect(findFreeSlots({ ...base, schedules: [schedule({ activeFrom: '2026-06-03' })] })[0]!.start).toBe('2026-06-03T13:00:00Z');
  });

  it('starts on the grid after a ragged start time', () => {
    const slots = findFreeSlots({
      schedules: [schedule({ breaks: [] })],
      busy: [],
      timeZone: NY,
      from: new Date('2026-06-01T13:07:00Z'),
      minutes: 30,
      count: 1,
    });
    expect(slots[0]!.start).toBe('2026-06-01T13:15:00Z');
  });
});
