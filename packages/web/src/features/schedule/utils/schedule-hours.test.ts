import type { Schedule } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { businessHoursOf, newSchedule, scheduleProblems, timeOffEvents } from './schedule-hours.ts';

const actor = { resourceType: 'Practitioner', id: 'dr' };
const schedule = (fields: Partial<Schedule>): Schedule =>
  ({ resourceType: 'Schedule', id: 's', meta: { versionId: '1' }, actor, workingHours: [], ...fields }) as Schedule;

describe('businessHoursOf', () => {
  it('is each weekday’s hours less the breaks of that day', () => {
    const s = schedule({
      workingHours: [
        { weekday: 'Monday', startTime: '09:00', endTime: '17:00' },
        { weekday: 'Sunday', startTime: '10:00', endTime: '12:00' },
      ],
      breaks: [
        { startTime: '12:00', endTime: '13:00', label: 'Lunch' },
        { startTime: '15:00', endTime: '15:30', weekdays: ['Monday'] },
        { startTime: '08:00', endTime: '09:30', weekdays: ['Tuesday'] },
      ],
    });
    expect(businessHoursOf([s])).toEqual([
      { daysOfWeek: [1], startTime: '09:00', endTime: '12:00' },
      { daysOfWeek: [1], startTime: '13:00', endTime: '15:00' },
      { daysOfWeek: [1], startTime: '15:30', endTime: '17:00' },
      { daysOfWeek: [0], startTime: '10:00', endTime: '12:00' },
    ]);
  });
  it('leaves out inactive schedules, and a break covering the day leaves nothing', () => {
    expect(
      businessHoursOf([schedule({ active: false, workingHours: [{ weekday: 'Friday', startTime: '09:00', endTime: '10:00' }] })]),
    ).toEqual([]);
    const covered = schedule({
      workingHours: [{ weekday: 'Friday', startTime: '09:00', endTime: '10:00' }],
      breaks: [{ startTime: '08:00', endTime: '11:00' }],
    });
    expect(businessHoursOf([covered])).toEqual([]);
  });
});

describe('scheduleProblems', () => {
  it('a new schedule is fine; backwards hours, breaks and time off are named', () => {
    expect(scheduleProblems(newSchedule(actor))).toEqual([]);
    const bad = {
      ...newSchedule(actor),
      workingHours: [{ weekday: 'Monday' as const, startTime: '17:00', endTime: '09:00' }],
      breaks: [{ startTime: '25:00', endTime: '26:00' }],
      timeOff: [{ start: '2031-03-02T00:00:00Z', end: '2031-03-01T00:00:00Z' }],
    };
    expect(scheduleProblems(bad)).toEqual([
      'Working hours 1 (Monday): the end must be after the start.',
      'Break 1: the end must be after the start.',
      'Time off 1: the end must be after the start.',
    ]);
  });
});

describe('timeOffEvents', () => {
  it('shades each active schedule’s time off behind the visits', () => {
    const off = { start: '2031-03-05T05:00:00Z', end: '2031-03-06T05:00:00Z', reason: 'Training' };
    const events = timeOffEvents([schedule({ timeOff: [off] }), schedule({ id: 'old', active: false, timeOff: [off] })]);
    expect(events.map((e) => [e.title, e.start, e.end, e.display, e.editable])).toEqual([
      ['Training', off.start, off.end, 'background', false],
    ]);
  });
});
