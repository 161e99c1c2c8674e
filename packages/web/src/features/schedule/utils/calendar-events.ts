import type { CalendarEntry } from '@caseload/core';

/** How events are coloured: by their status, or by the program they belong to. */
export type ColourBy = 'status' | 'program';

/** A calendar event as FullCalendar takes it (its EventInput, narrowed to what the calendar sets). */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  /** Only a stored appointment or a computed occurrence that takes time may be dragged. */
  editable: boolean;
  allDay?: boolean;
  /** Time off is shaded behind the visits, not an event one can open. */
  display?: 'background';
  /** `entry` for a visit; `moreOn` (a local date) for a month day's "+N more"; `order` puts those last. */
  extendedProps: { entry?: CalendarEntry; moreOn?: string; order: number };
}

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  proposed: '#868e96',
  pending: '#f08c00',
  waitlist: '#868e96',
  booked: '#1c7ed6',
  'checked-in': '#0c8599',
  arrived: '#6741d9',
  fulfilled: '#2b8a3e',
  cancelled: '#c92a2a',
  noshow: '#e8590c',
  'entered-in-error': '#495057',
};
/** A practice's own statuses stand beside booked (docs/scheduling.md), and are coloured apart from it. */
const PRACTICE_STATUS_COLOUR = '#3b5bdb';
/** Dark enough for white text (WCAG AA at 4.5:1 or more). */
const PROGRAM_COLOURS = ['#1864ab', '#2b8a3e', '#862e9c', '#c2255c', '#d9480f', '#0b7285', '#5f3dc4', '#364fc7'];
const NO_PROGRAM_COLOUR = '#495057';
/** Statuses that end the visit's place on the schedule: shown struck, and never dragged. */
const SETTLED = new Set(['fulfilled', 'cancelled', 'noshow', 'entered-in-error']);

export const statusColour = (status: string): string => STATUS_COLOURS[status] ?? PRACTICE_STATUS_COLOUR;

/** The same program always takes the same colour (a stable hash of its id). */
export function programColour(programId: string | undefined): string {
  if (!programId) return NO_PROGRAM_COLOUR;
  let hash = 0;
  for (const c of programId) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return PROGRAM_COLOURS[hash % PROGRAM_COLOURS.length]!;
}

/** A calendar entry's identity: the appointment, or for a computed occurrence the series and its original start. */
export const entryKey = (entry: CalendarEntry): string =>
  entry.occurrenceOf ? `${entry.occurrenceOf.appointment.id}@${entry.occurrenceOf.originalStart}` : entry.appointment.id;

/** Who the appointment is with: the patient attendee's name. */
export const patientName = (entry: CalendarEntry): string =>
  entry.appointment.attendees.find((a) => a.subject.resourceType === 'Patient')?.subject.display ?? 'Patient';

export const isSettled = (status: string) => SETTLED.has(status);

/** What the user may drag: stored appointments (an update), computed occurrences (stored when moved: a create too). */
export interface MayMove {
  stored: boolean;
  occurrences: boolean;
}

/** The events of a calendar read, coloured by status or program. */
export function calendarEvents(entries: readonly CalendarEntry[], colourBy: ColourBy, mayMove: MayMove): CalendarEvent[] {
  return entries.map((entry) => {
    const colour = colourBy === 'status' ? statusColour(entry.status) : programColour(entry.appointment.program?.id);
    const service = entry.appointment.serviceType?.display;
    return {
      id: entryKey(entry),
      title: service ? `${patientName(entry)} · ${service}` : patientName(entry),
      start: entry.start,
      end: entry.end,
      backgroundColor: colour,
      borderColor: colour,
      textColor: '#ffffff',
      editable: (entry.occurrenceOf ? mayMove.occurrences : mayMove.stored) && !isSettled(entry.status),
      extendedProps: { entry, order: 0 },
    };
  });
}

/** A month day's hidden visits as one event, which opens that day. */
export const summaryEvent = (date: string, hidden: number): CalendarEvent => ({
  id: `more@${date}`,
  title: `+${hidden} more`,
  start: date,
  end: date,
  allDay: true,
  backgroundColor: 'transparent',
  borderColor: 'transparent',
  textColor: 'var(--mantine-color-anchor)',
  editable: false,
  extendedProps: { moreOn: date, order: 1 },
});

/** A status as people read it: "checked-in" → "Checked in", "noshow" → "No-show"; a practice's own as it is written. */
export function statusLabel(status: string): string {
  if (status === 'noshow') return 'No-show';
  if (status === 'entered-in-error') return 'Entered in error';
  if (!/^[a-z-]+$/.test(status)) return status;
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
