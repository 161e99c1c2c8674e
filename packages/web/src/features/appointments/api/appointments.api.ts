import type { Appointment, CalendarEntry, Encounter, OccurrenceEditAnswer } from '@caseload/core';
import { api } from '../../../api/index.ts';

/** `GET Appointments/_occurrences`'s answer: the window's entries in start order, and the practice's zone. */
export interface Occurrences {
  entries: CalendarEntry[];
  timeZone: string;
}

/** Which entries to read: a window and whose (at least one of practitioner, patient). */
export interface OccurrencesRequest {
  from: string;
  to: string;
  practitioner?: string;
  patient?: string;
  withNoteState?: boolean;
  includeHidden?: boolean;
}

const appointmentsPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Appointments`;

/** The appointments of a window with recurring series expanded (docs/scheduling.md, "Reading the calendar"). */
export function fetchOccurrences(practiceId: string, request: OccurrencesRequest): Promise<Occurrences> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) if (value !== undefined) query.set(key, String(value));
  return api.get<Occurrences>(`${appointmentsPath(practiceId)}/_occurrences?${query.toString()}`);
}

/** `POST Appointments/{id}/encounter` ("Start note"): the session's encounter, new or the one already linking it. */
export const postStartEncounter = (practiceId: string, appointmentId: string) =>
  api.post<Encounter>(`${appointmentsPath(practiceId)}/${encodeURIComponent(appointmentId)}/encounter`);

/** Stores one computed occurrence of a series as it is (scope `this`, no change), so a note can start from it. */
export const postStoreOccurrence = (practiceId: string, head: Appointment, originalStart: string) =>
  api.post<OccurrenceEditAnswer>(`${appointmentsPath(practiceId)}/${encodeURIComponent(head.id)}/occurrences`, {
    versionId: head.meta.versionId,
    originalStart,
    scope: 'this',
  });

/**
 * "Start note" from a calendar entry (docs/scheduling.md, "From appointment to note"): a computed
 * occurrence of a series is stored first (only a stored appointment can be linked), then the
 * server makes the session's encounter prefilled from the appointment, or answers the one already
 * made. Online only: the prefill is the server's.
 */
export async function startEncounterFor(
  practiceId: string,
  entry: CalendarEntry,
): Promise<{ appointment: Appointment; encounter: Encounter }> {
  const appointment = entry.occurrenceOf
    ? (await postStoreOccurrence(practiceId, entry.appointment, entry.occurrenceOf.originalStart)).occurrence
    : entry.appointment;
  if (!appointment) throw new Error('The occurrence could not be stored.');
  return { appointment, encounter: await postStartEncounter(practiceId, appointment.id) };
}
