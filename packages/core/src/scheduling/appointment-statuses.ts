import { AppointmentStatuses } from '../enums.ts';
import type { AppointmentStatus } from './types.ts';

/**
 * The one table of appointment status transitions (docs/scheduling.md, "Statuses"), used by the
 * server's write rule and by the web's status actions. SPEC.md lists the statuses but not the
 * moves between them; these follow the practice-management products clinicians know:
 * - a request (`proposed`, `pending`, `waitlist`) is booked, waitlisted or cancelled;
 * - a booked visit is checked in / arrives, is fulfilled (its note signed), cancelled or a no-show;
 * - arrival can be undone (back to `booked`), a cancellation or no-show reinstated (`booked`);
 * - `fulfilled` is final except for `entered-in-error`, which everything may become and nothing leaves.
 * The practice's own `appointmentStatuses` ("Confirmed", "Late cancel", ...) stand beside
 * `booked`: reachable wherever `booked` is, and leaving to wherever `booked` may go (and to
 * `booked` and each other).
 */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
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

/** Statuses a new appointment may be created with (a past visit can be recorded as it went). */
export const INITIAL_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'proposed',
  'pending',
  'waitlist',
  'booked',
  'checked-in',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
];

/** Statuses whose time is not taken: they neither conflict nor block a free slot. */
export const RELEASED_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'cancelled',
  'noshow',
  'entered-in-error',
  'waitlist',
  'proposed',
];

/** Statuses `hideNoShowCancelledAppointments` hides from the calendar and the feed. */
export const HIDEABLE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['cancelled', 'noshow'];

const BASE = new Set<string>(AppointmentStatuses);

export const isBaseAppointmentStatus = (status: string): status is AppointmentStatus => BASE.has(status);

/** Every status a practice's appointments may have: the base ones and its own. */
export function appointmentStatusesOf(practiceStatuses: readonly string[] = []): string[] {
  return [...AppointmentStatuses, ...practiceStatuses.filter((s) => !BASE.has(s))];
}

/** Where an appointment in `from` may go next (a practice status behaves like `booked`, see above). */
export function nextAppointmentStatuses(from: string, practiceStatuses: readonly string[] = []): string[] {
  const custom = practiceStatuses.filter((s) => !BASE.has(s));
  if (!isBaseAppointmentStatus(from)) {
    if (!custom.includes(from)) return [];
    return [...new Set(['booked', ...APPOINTMENT_TRANSITIONS.booked, ...custom])].filter((s) => s !== from);
  }
  const base = [...APPOINTMENT_TRANSITIONS[from]];
  const bookable = from === 'booked' || APPOINTMENT_TRANSITIONS[from].includes('booked');
  return bookable ? [...base, ...custom] : base;
}

/** Whether `from` → `to` is allowed; staying in the same status always is. */
export function canMoveAppointment(from: string, to: string, practiceStatuses: readonly string[] = []): boolean {
  return from === to || nextAppointmentStatuses(from, practiceStatuses).includes(to);
}

/** The message of a refused transition: it names both statuses. */
export const illegalTransitionMessage = (from: string, to: string) => `An appointment cannot move from ${from} to ${to}.`;

/** Statuses a series head passes on to the occurrences computed from it: the whole series is in that state. */
const SERIES_WIDE: readonly string[] = ['proposed', 'pending', 'waitlist', 'cancelled', 'entered-in-error'];

/**
 * The status of an occurrence computed from a series head (docs/scheduling.md, "Recurrence"). The
 * head is also the series' first occurrence, so what happened to that visit (arrived, fulfilled,
 * no-show, a practice status) is its own; later occurrences are `booked` unless the whole series
 * is a request, cancelled or entered in error.
 */
export const occurrenceStatus = (headStatus: string): string => (SERIES_WIDE.includes(headStatus) ? headStatus : 'booked');

/** Whether a stored appointment is shown at its own time: not when it heads a series whose first occurrence was moved or cancelled. */
export const headsOwnTime = (a: { start: string; recurrence?: { exceptions?: readonly string[] } }): boolean =>
  !a.recurrence?.exceptions?.includes(a.start);
