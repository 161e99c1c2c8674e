import { SERIES_HEADS, earliestOverlappingStart, isoInstant, type Appointment, type Filter } from '@caseload/core';
import type { SystemReader } from '../storage/system-reader.ts';
import { APPOINTMENT } from './appointment-note.service.ts';

/** The appointments a practitioner owns or attends. */
const ofPractitioner = (practitionerId: string): Filter => ({
  or: [
    { field: 'owner.id', op: 'eq', value: practitionerId },
    { field: 'participants.id', op: 'eq', value: practitionerId },
  ],
});

/**
 * A practitioner's time in [from, to), read as the server (free slots, the calendar feed): the
 * stored appointments that overlap it, and the series heads starting before its end, whose
 * occurrences the caller expands into it.
 */
export async function practitionerAppointments(
  system: SystemReader,
  practitionerId: string,
  from: Date,
  to: Date,
): Promise<{ stored: Appointment[]; heads: Appointment[] }> {
  const mine = ofPractitioner(practitionerId);
  const stored = await system.list<Appointment>(APPOINTMENT, {
    filters: [
      { field: 'start', op: 'ge', value: earliestOverlappingStart(from) },
      { field: 'start', op: 'lt', value: isoInstant(to) },
      { field: 'end', op: 'gt', value: isoInstant(from) },
      mine,
    ],
    limit: 5000,
  });
  const heads = await system.list<Appointment>(APPOINTMENT, {
    filters: [{ field: 'start', op: 'lt', value: isoInstant(to) }, { ...SERIES_HEADS, value: [...SERIES_HEADS.value] }, mine],
    limit: 500,
  });
  return { stored, heads };
}
