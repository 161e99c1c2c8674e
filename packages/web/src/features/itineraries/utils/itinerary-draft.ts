import {
  localDate,
  localTime,
  type CalendarEntry,
  type Itinerary,
  type ItineraryVisit,
  type Reference,
  type ResourceMeta,
} from '@caseload/core';

/** An itinerary being edited: the stored one's fields, without id and meta while it is new. */
export interface ItineraryDraft {
  resourceType: 'Itinerary';
  id?: string;
  meta?: ResourceMeta;
  author: Reference;
  date: string;
  program?: Reference;
  visits: ItineraryVisit[];
  topics?: string[];
  notes?: string;
}

/** A new plan for `date` by `author` (the server keeps the writer as author in any case). */
export const newItinerary = (author: Reference, date: string): ItineraryDraft => ({
  resourceType: 'Itinerary',
  author,
  date,
  visits: [],
  topics: [],
});

/** The list with the visit at `from` moved to `to` (clamped); the same order when nothing moves. */
export function moveVisit(visits: readonly ItineraryVisit[], from: number, to: number): ItineraryVisit[] {
  const target = Math.max(0, Math.min(visits.length - 1, to));
  if (from < 0 || from >= visits.length || from === target) return [...visits];
  const out = [...visits];
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved!);
  return out;
}

/** A visit planned from an appointment: its patient, the appointment, its room or site, and its local start time. */
export function visitFrom(entry: CalendarEntry, timeZone: string): ItineraryVisit {
  const a = entry.appointment;
  const patient = a.attendees.find((x) => x.subject.resourceType === 'Patient')?.subject;
  const location = a.serviceLocation ?? a.location;
  // A computed occurrence shares its head's id: the visit names the series, and its time says which.
  return {
    ...(patient && { patient }),
    appointment: { resourceType: 'Appointment', id: a.id },
    ...(location && { location }),
    time: localTime(new Date(entry.start), timeZone).slice(0, 5),
  };
}

/** Whether an appointment entry is planned already (the same appointment at the same time). */
export const isPlanned = (visits: readonly ItineraryVisit[], entry: CalendarEntry, timeZone: string): boolean =>
  visits.some((v) => v.appointment?.id === entry.appointment.id && v.time === visitFrom(entry, timeZone).time);

/** The itineraries as a list shows them: latest date first. */
export const byDateDescending = (list: readonly Itinerary[]): Itinerary[] =>
  [...list].filter((i) => !i.meta?.isDeleted).sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));

/** Today on the practice's clock, as an itinerary's date. */
export const todayIn = (timeZone: string, now = new Date()): string => localDate(now, timeZone);

/** What a save sends: topics and visit topics without blanks, empty optional texts left out. */
export function cleanDraft(draft: ItineraryDraft): ItineraryDraft {
  const words = (list?: string[]) => (list ?? []).map((t) => t.trim()).filter(Boolean);
  const visits = draft.visits.map(({ topics, travelNotes, ...v }) => ({
    ...v,
    ...(words(topics).length > 0 && { topics: words(topics) }),
    ...(travelNotes?.trim() && { travelNotes: travelNotes.trim() }),
  }));
  const { notes, ...rest } = draft;
  return { ...rest, visits, topics: words(draft.topics), ...(notes?.trim() && { notes: notes.trim() }) };
}
