import { describe, expect, it } from 'vitest';
import { AppointmentStatuses } from '../enums.ts';
import {
  APPOINTMENT_TRANSITIONS,
  appointmentStatusesOf,
  canMoveAppointment,
  illegalTransitionMessage,
  nextAppointmentStatuses,
} from './appointment-statuses.ts';

/** Every pair of base statuses and whether the table allows it, written out so a change to the table shows here. */
const ALLOWED: Record<string, string[]> = {
  proposed: ['pending', 'booked', 'waitlist', 'cancelled', 'entered-in-error'],
  pending: ['proposed', 'booked', 'waitlist', 'cancelled', 'entered-in-error'],
  waitlist: ['proposed', 'pending', 'booked', 'cancelled', 'entered-in-error'],
  booked: ['pending', 'waitlist', 'checked-in', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error'],
  'checked-in': ['booked', 'arrived', 'fulfilled', 'noshow', 'cancelled', 'entered-in-error'],
  arrived: ['booked', 'checked-in', 'fulfilled', 'entered-in-error'],
  fulfilled: ['entered-in-error'],
  cancelled: ['booked', 'entered-in-error'],
  noshow: ['booked', 'arrived', 'entered-in-error'],
  'entered-in-error': [],
};

describe('appointment status transitions', () => {
  it('covers every base status', () => {
    expect(Object.keys(APPOINTMENT_TRANSITIONS).sort()).toEqual([...AppointmentStatuses].sort());
  });

  for (const from of AppointmentStatuses) {
    for (const to of AppointmentStatuses) {
      const expected = from === to || ALLOWED[from]!.includes(to);
      it(`${from} → ${to} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canMoveAppointment(from, to)).toBe(expected);
      });
    }
  }

  it('puts a practice status beside booked', () => {
    const practice = ['Confirmed', 'Late cancel'];
    expect(appointmentStatusesOf(practice)).toContain('Confirmed');
    expect(canMoveAppointment('booked', 'Confirmed', practice)).toBe(true);
    expect(canMoveAppointment('pending', 'Confirmed', practice)).toBe(true);
    expect(canMoveAppointment('Confirmed', 'arrived', practice)).toBe(true);
    expect(canMoveAppointment('Confirmed', 'Late cancel', practice)).toBe(true);
    expect(canMoveAppointment('Confirmed', 'booked', practice)).toBe(true);
    expect(canMoveAppointment('fulfilled', 'Confirmed', practice)).toBe(false);
    expect(canMoveAppointment('entered-in-error', 'Confirmed', practice)).toBe(false);
  });

  it('knows no moves from a status the practice does not have', () => {
    expect(nextAppointmentStatuses('Confirmed')).toEqual([]);
    expect(canMoveAppointment('Confirmed', 'booked')).toBe(false);
    expect(canMoveAppointment('booked', 'Confirmed')).toBe(false);
  });

  it('names both statuses when refusing', () => {
    expect(illegalTransitionMessage('fulfilled', 'booked')).toBe('An appointment cannot move from fulfilled to booked.');
  });
});
