import type { Appointment, CalendarEntry } from '@caseload/core';

type NewAppointment = Omit<Appointment, 'id' | 'meta'>;

/**
 * A computed occurrence of a series stored as an appointment of its own (`occurrenceOf`), written
 * through the write queue when the occurrence call cannot be made (offline): the series' fields
 * less its identity, rule and server-owned fields, at the occurrence's time and status, with
 * `changes` (a new time, a status) over them. The calendar read leaves out a computed occurrence
 * once one is stored for it (docs/scheduling.md, "Moving an occurrence offline").
 */
export function storedOccurrence(
  entry: CalendarEntry,
  changes: Partial<Pick<Appointment, 'start' | 'end' | 'status' | 'cancellationReason'>>,
): NewAppointment {
  if (!entry.occurrenceOf) throw new Error('Only a computed occurrence is stored as one.');
  const {
    id: _id,
    meta: _meta,
    recurrence: _recurrence,
    conflictOverride: _override,
    occurrenceOf: _of,
    origin: _origin,
    ...fields
  } = entry.appointment as Appointment & { created?: string };
  delete (fields as { created?: string }).created;
  return {
    ...fields,
    start: entry.start,
    end: entry.end,
    status: entry.status,
    occurrenceOf: entry.occurrenceOf,
    ...changes,
  };
}
