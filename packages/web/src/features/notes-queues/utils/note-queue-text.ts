import { noteKindLabel, type Note, type ZonedClock } from '@caseload/core';

/** The note page of a patient's note (the route features/notes serves; kept here so the dashboard does not load the editor). */
export const noteEditorPath = (patientId: string, noteId: string) =>
  `/patients/${encodeURIComponent(patientId)}/notes/${encodeURIComponent(noteId)}`;

/** A session date as a list shows it: "Thu, May 2, 2024, 9:00 AM" on the practice's clock (`usePracticeTime`). */
export function sessionDateText(iso: string | undefined, clock: ZonedClock): string {
  return clock.format(iso, 'weekdayDateTime') || 'No session date';
}

/** What a list calls a note: its title, else its kind in words ("Progress note" for a plain Note). */
export function noteTitle(note: Pick<Note, 'title' | 'kind'>): string {
  return note.title?.trim() || noteKindLabel(note.kind) || 'Note';
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

/** A deadline, short: "Tue, Nov 24, 3:28 PM" on the practice's clock. */
export function deadlineText(iso: string, clock: ZonedClock): string {
  return clock.format(iso, 'weekdayTime');
}
