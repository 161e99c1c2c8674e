import type { CalendarEntry, OccurrenceEditAnswer, OccurrenceEditBody } from '@caseload/core';
import { api } from '../../../api/index.ts';

/** The scheduling calls beyond resource CRUD (docs/scheduling.md), as core's contract declares them. */
export type { CalendarEntry, OccurrenceEditAnswer, OccurrenceEditBody };

const appointmentsPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Appointments`;

/** Whose calendar: clinicians (one, or a team), locations; at least one is named. */
export interface OccurrencesWindow {
  from: string;
  to: string;
  practitioners: readonly string[];
  locations: readonly string[];
}

/** `GET Appointments/_occurrences`: the stored appointments of the window and the computed occurrences of series. */
export function getOccurrences(practiceId: string, window: OccurrencesWindow, init?: { signal?: AbortSignal }) {
  const query = new URLSearchParams({ from: window.from, to: window.to });
  if (window.practitioners.length) query.set('practitioner', window.practitioners.join(','));
  if (window.locations.length) query.set('location', window.locations.join(','));
  return api.get<{ entries: CalendarEntry[]; timeZone: string }>(`${appointmentsPath(practiceId)}/_occurrences?${query}`, init);
}

/** `POST Appointments/{id}/occurrences`: one occurrence of a series (scope this) moved, given a status or stored as it is. */
export const postOccurrenceEdit = (practiceId: string, seriesId: string, body: OccurrenceEditBody) =>
  api.post<OccurrenceEditAnswer>(`${appointmentsPath(practiceId)}/${encodeURIComponent(seriesId)}/occurrences`, body);

/** What the free-slot search asks: whose time, where (any location when left out), how long, from when. */
export interface FreeSlotsSearch {
  practitioner: string;
  location?: string;
  minutes: number;
  count?: number;
  from?: string;
}

export interface FreeSlot {
  start: string;
  end: string;
  locationId?: string;
}

/** `GET Appointments/_free-slots`: the next free slots in the clinician's working hours (docs/scheduling.md, "Free slots"). */
export function getFreeSlots(practiceId: string, search: FreeSlotsSearch) {
  const query = new URLSearchParams({
    practitioner: search.practitioner,
    minutes: String(search.minutes),
    count: String(search.count ?? 5),
  });
  if (search.location) query.set('location', search.location);
  if (search.from) query.set('from', search.from);
  return api.get<{ slots: FreeSlot[]; timeZone: string }>(`${appointmentsPath(practiceId)}/_free-slots?${query}`);
}
