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
