import type { CalendarEntry } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { calendarEvents, entryKey, programColour, statusColour, statusLabel } from './calendar-events.ts';

const entry = (over: Partial<CalendarEntry> = {}, appointment: Record<string, unknown> = {}): CalendarEntry =>
  ({
    start: '2026-03-02T14:00:00Z',
    end: '2026-03-02T14:50:00Z',
    status: 'booked',
    ...over,
    appointment: {
      resourceType: 'Appointment',
      id: 'a1',
      partition: 'p1',
      status: 'booked',
      attendees: [{ subject: { resourceType: 'Patient', id: 'p1', display: 'Ada Lovelace' } }],
      owner: { resourceType: 'Practitioner', id: 'dr' },
      start: '2026-03-02T14:00:00Z',
      end: '2026-03-02T14:50:00Z',
      meta: { versionId: '1', lastUpdated: '2026-03-01T00:00:00Z' },
      ...appointment,
    },
  }) as unknown as CalendarEntry;

const ALL = { stored: true, occurrences: true };

describe('calendarEvents', () => {
  it('names the patient and the service, and keys a computed occurrence by its series and original start', () => {
    const occurrence = entry({
      occurrenceOf: { appointment: { resourceType: 'Appointment', id: 'a1' }, originalStart: '2026-03-09T14:00:00Z' },
    });
    const [event] = calendarEvents([occurrence], 'status', ALL);
    expect(event!.id).toBe('a1@2026-03-09T14:00:00Z');
    expect(entryKey(entry())).toBe('a1');
    const [withService] = calendarEvents(
      [entry({}, { serviceType: { resourceType: 'HealthcareService', id: 's', display: 'Therapy' } })],
      'status',
      ALL,
    );
    expect(withService!.title).toBe('Ada Lovelace · Therapy');
  });

  it('colours by status or by program, and never lets a settled visit or a reader drag', () => {
    const program = entry({}, { program: { resourceType: 'Program', id: 'prog-1' } });
    expect(calendarEvents([program], 'status', ALL)[0]!.backgroundColor).toBe(statusColour('booked'));
    expect(calendarEvents([program], 'program', ALL)[0]!.backgroundColor).toBe(programColour('prog-1'));
    expect(statusColour('Confirmed')).not.toBe(statusColour('booked'));
    expect(calendarEvents([entry({ status: 'fulfilled' })], 'status', ALL)[0]!.editable).toBe(false);
    expect(calendarEvents([entry()], 'status', { stored: false, occurrences: true })[0]!.editable).toBe(false);
    expect(calendarEvents([entry()], 'status', ALL)[0]!.editable).toBe(true);
    const occurrence = entry({
      occurrenceOf: { appointment: { resourceType: 'Appointment', id: 'a1' }, originalStart: '2026-03-09T14:00:00Z' },
    });
    expect(calendarEvents([occurrence], 'status', { stored: true, occurrences: false })[0]!.editable).toBe(false);
  });

  it('reads statuses as words', () => {
    expect(statusLabel('checked-in')).toBe('Checked in');
    expect(statusLabel('noshow')).toBe('No-show');
    expect(statusLabel('Late cancel')).toBe('Late cancel');
  });
});
