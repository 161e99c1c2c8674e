import { addDays, localDate, zonedInstant, type Appointment, type CalendarEntry, isoInstant } from '@caseload/core';

const STATUS_LABELS: Record<string, string> = {
  proposed: 'Proposed',
  pending: 'Pending',
  booked: 'Booked',
  arrived: 'Arrived',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  noshow: 'No-show',
  'entered-in-error': 'Entered in error',
  'checked-in': 'Checked in',
  waitlist: 'Waitlist',
};

/** A status in words: the base statuses' names, a practice's own status as the practice wrote it. */
export const appointmentStatusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** The colour a status badge takes: done green, missed or dropped red, waiting grey, booked blue. */
export function appointmentStatusColor(status: string): string {
  if (status === 'fulfilled') return 'green';
  if (status === 'arrived' || status === 'checked-in') return 'teal';
  if (status === 'cancelled' || status === 'noshow' || status === 'entered-in-error') return 'red';
  if (status === 'proposed' || status === 'pending' || status === 'waitlist') return 'gray';
  return 'blue';
}

/** The note state in words (none, draft, signed), as the server reports it with withNoteState. */
export const NOTE_STATE_LABELS = { none: 'No note', draft: 'Draft note', signed: 'Signed' } as const;

/** The patient an appointment is with: its attendee's name, else the practice's word for a patient. */
export function appointmentPatient(a: Pick<Appointment, 'attendees'>, patientLabel: string): string {
  const subject = a.attendees.find((x) => x.subject.resourceType === 'Patient')?.subject ?? a.attendees[0]?.subject;
  return subject?.display?.trim() || patientLabel;
}

/** A stable key for an entry: a computed occurrence shares its head's id, so its original start tells it apart. */
export const entryKey = (e: Pick<CalendarEntry, 'appointment' | 'occurrenceOf'>): string =>
  e.occurrenceOf ? `${e.appointment.id}@${e.occurrenceOf.originalStart}` : e.appointment.id;

/** The local day of `now` on the practice's clock as a window of instants (a DST day is 23 or 25 hours). */
export function dayWindow(now: Date, timeZone: string): { from: string; to: string; date: string } {
  const date = localDate(now, timeZone);
  return {
    from: isoInstant(zonedInstant(date, '00:00', timeZone)),
    to: isoInstant(zonedInstant(addDays(date, 1), '00:00', timeZone)),
    date,
  };
}
