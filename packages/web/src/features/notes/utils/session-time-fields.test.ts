import { sessionMinutes } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { defaultSessionTime, inputsOf, sessionTimeOf } from './session-time-fields.ts';

const NY = 'America/New_York';

describe('session time inputs', () => {
  it('turns wall-clock inputs into instants in the practice zone and back', () => {
    const time = sessionTimeOf({ date: '2026-07-01', startTime: '09:00', endTime: '09:50' }, 'Duration', NY);
    expect(time).toEqual({ mode: 'Duration', start: '2026-07-01T13:00:00Z', end: '2026-07-01T13:50:00Z' });
    expect(inputsOf(time, NY)).toMatchObject({ date: '2026-07-01', startTime: '09:00', endTime: '09:50', minutes: 50 });
  });

  it('takes an end before the start as the next day (a span over midnight)', () => {
    const time = sessionTimeOf({ date: '2026-01-10', startTime: '23:30', endTime: '00:15' }, 'Duration', NY);
    expect(sessionMinutes(time)).toBe(45);
  });

  it('counts real elapsed time across the spring-forward night', () => {
    const time = sessionTimeOf({ date: '2026-03-08', startTime: '01:00', endTime: '03:30' }, 'Duration', NY);
    expect(sessionMinutes(time)).toBe(90);
  });

  it('keeps minutes and increments in their modes, and nothing from a half-typed time', () => {
    expect(sessionTimeOf({ date: '2026-07-01', startTime: '09:00', endTime: '', minutes: 53 }, 'DurationMinutes', NY)).toEqual({
      mode: 'DurationMinutes',
      start: '2026-07-01T13:00:00Z',
      minutes: 53,
    });
    expect(sessionTimeOf({ date: '2026-07-01', startTime: '09:00', endTime: '', increments: 3 }, 'TimeIncrements', NY, 15)).toEqual({
      mode: 'TimeIncrements',
      start: '2026-07-01T13:00:00Z',
      increments: 3,
      incrementMinutes: 15,
    });
    expect(sessionTimeOf({ date: '2026-07-0', startTime: '09:00', endTime: '10:00' }, 'Duration', NY)).toEqual({ mode: 'Duration' });
  });

  it('defaults to the hour that ended at the last quarter hour', () => {
    expect(defaultSessionTime(new Date('2026-03-02T15:14:59Z'), 'Duration')).toEqual({
      mode: 'Duration',
      start: '2026-03-02T14:00:00Z',
      end: '2026-03-02T15:00:00Z',
    });
    expect(defaultSessionTime(new Date('2026-03-02T15:15:00Z'), 'TimeIncrements', 30)).toEqual({
      mode: 'TimeIncrements',
      start: '2026-03-02T14:15:00Z',
      increments: 2,
      incrementMinutes: 30,
    });
  });
});
