import type { CalendarEntry } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { appointmentWindows, entriesOf, reachText } from './appointment-windows.ts';

const now = new Date('2026-11-28T12:00:00.250Z');
const entry = (id: string, start: string, occurrence = false) =>
  ({
    appointment: { id },
    start,
    end: start,
    status: 'booked',
    ...(occurrence && { occurrenceOf: { appointment: { resourceType: 'Appointment', id }, originalStart: start } }),
  }) as unknown as CalendarEntry;

describe('appointmentWindows', () => {
  it('reads forward from now for upcoming, nearest window first, each 62 days', () => {
    expect(appointmentWindows(now, 'upcoming', 2)).toEqual([
      { from: '2026-11-28T12:00:00Z', to: '2027-01-29T12:00:00Z' },
      { from: '2027-01-29T12:00:00Z', to: '2027-04-01T12:00:00Z' },
    ]);
  });

  it('reads backward from now for past', () => {
    expect(appointmentWindows(now, 'past', 1)).toEqual([{ from: '2026-09-27T12:00:00Z', to: '2026-11-28T12:00:00Z' }]);
  });
});

describe('entriesOf', () => {
  const pages = [
    [entry('a', '2026-11-28T11:00:00Z'), entry('b', '2026-12-01T09:00:00Z'), entry('s', '2026-11-30T09:00:00Z', true)],
    [entry('b', '2026-12-01T09:00:00Z'), entry('c', '2026-10-01T09:00:00Z')],
  ];

  it('lists upcoming soonest first, each once, a series occurrence by its own start', () => {
    expect(entriesOf(pages, now, 'upcoming').map((e) => e.appointment.id)).toEqual(['s', 'b']);
  });

  it('lists past latest first, an appointment under way among them', () => {
    expect(entriesOf(pages, now, 'past').map((e) => e.appointment.id)).toEqual(['a', 'c']);
  });
});

describe('reachText', () => {
  it('says how far a list reaches', () => {
    const windows = appointmentWindows(now, 'past', 2);
    expect(reachText(windows, 'past', (d) => d.slice(0, 10))).toBe('since 2026-07-27');
    expect(reachText(appointmentWindows(now, 'upcoming', 1), 'upcoming', (d) => d.slice(0, 10))).toBe('until 2027-01-29');
  });
});
