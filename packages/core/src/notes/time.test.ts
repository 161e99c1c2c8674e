import { describe, expect, it } from 'vitest';
import { sessionInterval } from './session-time.ts';
import { unsignedNoteStatus } from './unsigned-warning.ts';
import { addElapsed, elapsedMs } from './weekend-duration.ts';
import { localDate, startOfNextLocalDay, zonedInstant } from './zoned-time.ts';

const NY = 'America/New_York';
const H = 3_600_000;

describe('zoned time', () => {
  it('reads wall-clock times in New York across both DST changes', () => {
    expect(zonedInstant('2024-01-15', '09:00', NY).toISOString()).toBe('2024-01-15T14:00:00.000Z');
    expect(zonedInstant('2024-07-15', '09:00', NY).toISOString()).toBe('2024-07-15T13:00:00.000Z');
    // 02:30 does not exist on the spring-forward night: clocks read 03:30 then.
    expect(zonedInstant('2024-03-10', '02:30', NY).toISOString()).toBe('2024-03-10T07:30:00.000Z');
    // 01:30 happens twice on the fall-back night: the first one (EDT).
    expect(zonedInstant('2024-11-03', '01:30', NY).toISOString()).toBe('2024-11-03T05:30:00.000Z');
    expect(zonedInstant('2024-11-03', '03:00', NY).toISOString()).toBe('2024-11-03T08:00:00.000Z');
  });

  it('finds the local date and the next local midnight', () => {
    expect(localDate(new Date('2024-05-02T03:00:00Z'), NY)).toBe('2024-05-01');
    expect(startOfNextLocalDay(new Date('2024-03-09T20:00:00Z'), NY).toISOString()).toBe('2024-03-10T05:00:00.000Z');
    // The day after the spring-forward day starts at an EDT midnight.
    expect(startOfNextLocalDay(new Date('2024-03-10T12:00:00Z'), NY).toISOString()).toBe('2024-03-11T04:00:00.000Z');
  });
});

describe('session time modes', () => {
  it('Duration: start to end, in real elapsed time across DST', () => {
    const start = zonedInstant('2024-03-10', '01:00', NY).toISOString();
    const end = zonedInstant('2024-03-10', '03:30', NY).toISOString();
    // 01:00 to 03:30 on the spring-forward night is 1.5 hours, not 2.5.
    expect(sessionInterval({ mode: 'Duration', start, end })?.minutes).toBe(90);
    const fallStart = zonedInstant('2024-11-03', '00:30', NY).toISOString();
    const fallEnd = zonedInstant('2024-11-03', '02:30', NY).toISOString();
    expect(sessionInterval({ mode: 'Duration', start: fallStart, end: fallEnd })?.minutes).toBe(180);
  });

  it('DurationMinutes and TimeIncrements derive the end; incomplete or impossible times give nothing', () => {
    const start = '2024-05-02T13:00:00Z';
    expect(sessionInterval({ mode: 'DurationMinutes', start, minutes: 53 })?.end.toISOString()).toBe('2024-05-02T13:53:00.000Z');
    expect(sessionInterval({ mode: 'TimeIncrements', start, increments: 3 })?.minutes).toBe(45);
    expect(sessionInterval({ mode: 'TimeIncrements', start, increments: 2, incrementMinutes: 30 })?.minutes).toBe(60);
    expect(sessionInterval({ mode: 'Duration', start })).toBeUndefined();
    expect(sessionInterval({ mode: 'Duration', start, end: '2024-05-02T12:00:00Z' })).toBeUndefined();
    expect(sessionInterval({ mode: 'DurationMinutes', start, minutes: -5 })).toBeUndefined();
    expect(sessionInterval({ mode: 'TimeIncrements', start, increments: 1.5 })).toBeUndefined();
    expect(sessionInterval({ mode: 'DurationMinutes', minutes: 5 })).toBeUndefined();
  });
});

describe('weekend-aware duration arithmetic', () => {
  const friday5pm = zonedInstant('2024-05-03', '17:00', NY);
  const monday9am = zonedInstant('2024-05-06', '09:00', NY);

  it('counts every hour when weekends are included', () => {
    expect(elapsedMs(friday5pm, monday9am, { includeWeekends: true, timeZone: NY })).toBe(64 * H);
  });

  it('skips Saturday and Sunday, midnight to midnight, when they are not', () => {
    // Friday 17:00-24:00 (7 h) and Monday 00:00-09:00 (9 h).
    expect(elapsedMs(friday5pm, monday9am, { includeWeekends: false, timeZone: NY })).toBe(16 * H);
    // Entirely within a weekend: nothing counts.
    const sat = zonedInstant('2024-05-04', '10:00', NY);
    const sun = zonedInstant('2024-05-05', '20:00', NY);
    expect(elapsedMs(sat, sun, { includeWeekends: false, timeZone: NY })).toBe(0);
    expect(elapsedMs(monday9am, friday5pm, { includeWeekends: false, timeZone: NY })).toBe(0);
  });

  it('adds durations skipping weekends, across a DST weekend', () => {
    const deadline = addElapsed(friday5pm, 36 * H, { includeWeekends: false, timeZone: NY });
    // 7 h on Friday, 24 h on Monday, 5 h on Tuesday.
    expect(deadline.toISOString()).toBe(zonedInstant('2024-05-07', '05:00', NY).toISOString());
    // The spring-forward weekend is skipped whole; Monday is a 24-hour day.
    const before = zonedInstant('2024-03-08', '12:00', NY);
    expect(addElapsed(before, 24 * H, { includeWeekends: false, timeZone: NY }).toISOString()).toBe(
      zonedInstant('2024-03-11', '12:00', NY).toISOString(),
    );
    // Counting weekends, the same 24 h lands on Saturday.
    expect(addElapsed(before, 24 * H, { includeWeekends: true, timeZone: NY }).toISOString()).toBe(
      zonedInstant('2024-03-09', '12:00', NY).toISOString(),
    );
  });
});

describe('unsigned note warning', () => {
  const sessionEnd = zonedInstant('2024-05-03', '17:00', NY);
  const prefs = { noteSignWarningTimeout: 36, sessionToSignIncludesWeekends: true };

  it('warns strictly after noteSignWarningTimeout hours, counting weekends by default', () => {
    const at36 = new Date(sessionEnd.getTime() + 36 * H);
    expect(unsignedNoteStatus(sessionEnd, at36, prefs, NY)).toMatchObject({ overdue: false, elapsedText: '36h' });
    const later = new Date(at36.getTime() + 60_000);
    expect(unsignedNoteStatus(sessionEnd, later, prefs, NY)).toMatchObject({
      overdue: true,
      elapsedText: '36h 1m',
      warnAt: '2024-05-05T09:00:00Z',
    });
  });

  it('does not count the weekend when sessionToSignIncludesWeekends is off', () => {
    const mondayNoon = zonedInstant('2024-05-06', '12:00', NY);
    const off = { ...prefs, sessionToSignIncludesWeekends: false };
    expect(unsignedNoteStatus(sessionEnd, mondayNoon, off, NY)).toMatchObject({ overdue: false, elapsedText: '19h' });
    expect(unsignedNoteStatus(sessionEnd, mondayNoon, prefs, NY).overdue).toBe(true);
    expect(unsignedNoteStatus(sessionEnd, mondayNoon, off, NY).warnAt).toBe('2024-05-07T09:00:00Z');
  });
});
