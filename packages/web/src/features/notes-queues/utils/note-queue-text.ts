import type { Note } from '@caseload/core';

/** The note page of a patient's note (the route features/notes serves; kept here so the dashboard does not load the editor). */
export const noteEditorPath = (patientId: string, noteId: string) => `/patients/${encodeURIComponent(patientId)}/notes/${encodeURIComponent(noteId)}`;

/** A session date as a list shows it: "Thu, May 2, 2024, 9:00 AM" in the viewer's time zone. */
export function sessionDateText(iso: string | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return 'No session date';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'No session date';
  return new Intl.DateTimeFormat(locale, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(d);
}

/** What a list calls a note: its title, else its kind in words ("Progress note" for a plain Note). */
export function noteTitle(note: Pick<Note, 'title' | 'kind'>): string {
  if (note.title?.trim()) return note.title.trim();
  const words: Record<Note['kind'], string> = {
    Note: 'Progress note', DocumentationNote: 'Documentation note', AssessmentNote: 'Assessment note',
    ScribeSession: 'Scribe session', GroupNote: 'Group note', MultiServiceNote: 'Multi-service note',
  };
  return words[note.kind] ?? 'Note';
}

/** The patient a note is about, by the reference's name, else the practice's word for a patient. */
export const patientName = (note: Pick<Note, 'subject'>, patientLabel: string): string => note.subject?.display?.trim() || patientLabel;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long a note has waited, in words a list can show: minutes under an hour, hours and minutes
 * under two days, then whole days ("25128h 58m" says nothing at a glance). The time is the
 * server's counted time, so weekends are left out when the practice does not count them.
 */
export function waitedText(ms: number): string {
  if (!(ms >= MINUTE)) return 'less than a minute';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < 48 * HOUR) {
    const h = Math.floor(ms / HOUR);
    const m = Math.floor((ms % HOUR) / MINUTE);
    return m ? `${h}h ${m}m` : `${h}h`;
  }
  return `${Math.floor(ms / (24 * HOUR))} days`;
}

/** A deadline, short: "Tue, 24 Nov, 15:28" (in the viewer's locale and zone). */
export function deadlineText(iso: string, locale?: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(d);
}
