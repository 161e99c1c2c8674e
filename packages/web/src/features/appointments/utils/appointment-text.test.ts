import { describe, expect, it } from 'vitest';
import { appointmentPatient, appointmentStatusLabel, dayWindow, entryKey } from './appointment-text.ts';

describe('dayWindow', () => {
  it('is the practice’s local day, not the browser’s or UTC’s', () => {
    // 02:00 UTC on 5 March is still 4 March in New York.
    expect(dayWindow(new Date('2024-03-05T02:00:00Z'), 'America/New_York')).toEqual({
      date: '2024-03-04',
      from: '2024-03-04T05:00:00Z',
      to: '2024-03-05T05:00:00Z',
    });
  });

  it('is 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = dayWindow(new Date('2024-03-10T15:00:00Z'), 'America/New_York');
    expect(new Date(spring.to).getTime() - new Date(spring.from).getTime()).toBe(23 * 3_600_000);
    const fall = dayWindow(new Date('2024-11-03T15:00:00Z'), 'America/New_York');
    expect(new Date(fall.to).getTime() - new Date(fall.from).getTime()).toBe(25 * 3_600_000);
  });
});

describe('appointment text', () => {
  it('names statuses in words and keeps a practice’s own as written', () => {
    expect(appointmentStatusLabel('noshow')).toBe('No-show');
    expect(appointmentStatusLabel('checked-in')).toBe('Checked in');
    expect(appointmentStatusLabel('Late cancel')).toBe('Late cancel');
  });

  it('names the patient attendee, else the practice’s word', () => {
    const subject = { resourceType: 'Patient', id: 'p1', display: 'Booked, Ada' };
    expect(appointmentPatient({ attendees: [{ subject, role: 'Patient' }] }, 'Client')).toBe('Booked, Ada');
    expect(appointmentPatient({ attendees: [] }, 'Client')).toBe('Client');
  });

  it('keys a computed occurrence by its head and original start', () => {
    const appointment = { id: 'a1' } as never;
    expect(entryKey({ appointment })).toBe('a1');
    expect(entryKey({ appointment, occurrenceOf: { appointment: { resourceType: 'Appointment', id: 'a1' }, originalStart: 'x' } })).toBe(
      'a1@x',
    );
  });
});
