import type { Appointment, Coding, Reference } from '@caseload/core';
import { addMinutes } from './calendar-dates.ts';

/** What the quick-create dialog asks. */
export interface BookingInput {
  patient: Reference;
  owner: Reference;
  start: string;
  minutes: number;
  serviceType?: Reference;
  visitMode: 'InPerson' | 'Telehealth';
  location?: Reference;
  serviceLocation?: Reference;
  /** The chosen location's place of service (the note started from the visit takes it). */
  placeOfService?: Coding;
  /** Weekly on the start's weekday, ending after `count` visits or on `until` (a local date). */
  weekly?: { count?: number; until?: string };
}

/** The new appointment a booking writes: in the patient's chart (its partition), booked. */
export function bookingDraft(input: BookingInput): Omit<Appointment, 'id' | 'meta'> {
  const { patient, weekly } = input;
  return {
    resourceType: 'Appointment',
    partition: patient.id,
    status: 'booked',
    attendees: [{ subject: patient, role: 'Patient' }],
    owner: input.owner,
    start: input.start,
    end: addMinutes(input.start, input.minutes),
    visitMode: input.visitMode,
    ...(input.serviceType && { serviceType: input.serviceType }),
    ...(input.location && { location: input.location }),
    ...(input.placeOfService && { placeOfService: input.placeOfService }),
    ...(input.visitMode === 'InPerson' && input.serviceLocation && { serviceLocation: input.serviceLocation }),
    ...(weekly && {
      recurrence: {
        frequency: 'Weekly' as const,
        interval: 1,
        ...(weekly.until ? { until: weekly.until } : { count: weekly.count ?? 10 }),
      },
    }),
  };
}
