import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../forms/form-issues.ts';
import { appointmentSchema, earliestOverlappingStart, itinerarySchema, scheduleSchema } from './scheduling-schemas.ts';

const appointment = (o: Record<string, unknown> = {}) => ({
  partition: 'p1',
  status: 'booked',
  attendees: [{ subject: { resourceType: 'Patient', id: 'p1' } }],
  owner: { resourceType: 'Practitioner', id: 'dr' },
  start: '2026-06-01T13:00:00Z',
  end: '2026-06-01T13:50:00Z',
  ...o,
});
const paths = (schema: Parameters<typeof validateWithSchema>[0], value: unknown) =>
  validateWithSchema(schema, value, { strict: true }).map((i) => i.path);

describe('scheduling schemas', () => {
  it('accepts an appointment, and refuses an end before its start or more than a day after', () => {
    expect(paths(appointmentSchema, appointment())).toEqual([]);
    expect(paths(appointmentSchema, appointment({ end: '2026-06-01T12:00:00Z' }))).toEqual(['end']);
    expect(paths(appointmentSchema, appointment({ end: '2026-06-02T13:00:01Z' }))).toEqual(['end']);
    expect(paths(appointmentSchema, appointment({ end: '2026-06-02T13:00:00Z' }))).toEqual([]);
  });

  it('wants UTC instants, an owner, an attendee, a visit mode of the spec and one of count or until', () => {
    expect(paths(appointmentSchema, appointment({ start: '2026-06-01T09:00:00-04:00' }))).toEqual(['start']);
    expect(paths(appointmentSchema, appointment({ owner: undefined, attendees: [] })).sort()).toEqual(['attendees', 'owner']);
    expect(paths(appointmentSchema, appointment({ visitMode: 'Phone' }))).toEqual(['visitMode']);
    expect(paths(appointmentSchema, appointment({ recurrence: { frequency: 'Weekly', count: 3, until: '2026-07-01' } }))).toEqual([
      'recurrence',
    ]);
    expect(paths(appointmentSchema, appointment({ recurrence: { frequency: 'Fortnightly' } }))).toEqual(['recurrence.frequency']);
  });

  it('reads schedules in local times and itineraries by local date', () => {
    const schedule = {
      actor: { resourceType: 'Practitioner', id: 'dr' },
      workingHours: [{ weekday: 'Monday', startTime: '09:00', endTime: '17:00' }],
    };
    expect(paths(scheduleSchema, schedule)).toEqual([]);
    expect(paths(scheduleSchema, { ...schedule, workingHours: [{ weekday: 'Monday', startTime: '17:00', endTime: '09:00' }] })).toEqual([
      'workingHours.0.endTime',
    ]);
    expect(
      paths(itinerarySchema, { author: { resourceType: 'Practitioner', id: 'dr' }, date: '2026-06-01', visits: [{ time: '9:00' }] }),
    ).toEqual(['visits.0.time']);
  });

  it('looks a day back for appointments overlapping a window', () => {
    expect(earliestOverlappingStart(new Date('2026-06-08T04:00:00Z'))).toBe('2026-06-07T04:00:00Z');
  });
});
