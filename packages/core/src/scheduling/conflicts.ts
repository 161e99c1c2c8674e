import type { Reference } from '../resources/resource.ts';
import { RELEASED_APPOINTMENT_STATUSES } from './appointment-statuses.ts';
import { MAX_APPOINTMENT_HOURS } from './scheduling-schemas.ts';
import type { AppointmentConflict, ConflictKind } from './types.ts';

/** What conflict detection reads of an appointment. */
export interface BookedTime {
  id?: string;
  partition: string;
  status: string;
  owner?: Reference;
  participants?: Reference[];
  serviceLocation?: Reference;
  visitMode?: string;
  start: string;
  end: string;
  /** Another patient's name, only where the writer reaches them. */
  display?: string;
}

const clinicianIds = (a: BookedTime) =>
  new Set([a.owner?.id, ...(a.participants ?? []).map((p) => p.id)].filter((id): id is string => Boolean(id)));

/** A room is taken only by an in-person visit. */
const roomOf = (a: BookedTime) => (a.visitMode === 'Telehealth' ? undefined : a.serviceLocation?.id);

const takesTime = (a: BookedTime) => !(RELEASED_APPOINTMENT_STATUSES as readonly string[]).includes(a.status);

const overlaps = (a: BookedTime, b: BookedTime) => a.start < b.end && b.start < a.end;

const WHOSE: Record<ConflictKind, string> = {
  Clinician: 'the same clinician',
  Patient: 'the same patient',
  Room: 'the same room',
};

/**
 * The conflicts of `candidate` with `others` (docs/scheduling.md, "Conflicts"): another appointment
 * whose time overlaps (back to back does not) and that shares a clinician (owner or participant),
 * the patient, or the room (an in-person visit's service location). Cancelled, no-show, waitlisted,
 * proposed and entered-in-error appointments take no time. One conflict per other appointment, the
 * first kind that applies in the order Clinician, Patient, Room. The messages have the shape of
 * the SessionOverlap rule's: what overlaps, whose, and when (`formatTime` gives the local times).
 */
export function findConflicts(
  candidate: BookedTime,
  others: readonly BookedTime[],
  formatTime: (instant: string) => string = (i) => i,
): AppointmentConflict[] {
  if (!takesTime(candidate)) return [];
  const mine = clinicianIds(candidate);
  const room = roomOf(candidate);
  const found: AppointmentConflict[] = [];
  for (const other of others) {
    if (!other.id || other.id === candidate.id || !takesTime(other) || !overlaps(candidate, other)) continue;
    const kind: ConflictKind | undefined = [...clinicianIds(other)].some((id) => mine.has(id))
      ? 'Clinician'
      : other.partition === candidate.partition
        ? 'Patient'
        : room !== undefined && roomOf(other) === room
          ? 'Room'
          : undefined;
    if (!kind) continue;
    const who = other.display ? ` (${other.display})` : '';
    found.push({
      kind,
      appointmentId: other.id,
      start: other.start,
      end: other.end,
      ...(other.display !== undefined && { display: other.display }),
      message:
        `Appointment time: overlaps another appointment of ${WHOSE[kind]}${who} ` +
        `from ${formatTime(other.start)} to ${formatTime(other.end)}.`,
    });
  }
  return found;
}

/** One time a series takes: the head's own, or a later occurrence. */
export interface SeriesTime {
  start: string;
  end: string;
}

const MAX_LENGTH_MS = MAX_APPOINTMENT_HOURS * 3_600_000;

/** The index of the first of `sorted` (by start) starting at or after `start`. */
function firstFrom(sorted: readonly BookedTime[], start: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Date.parse(sorted[mid]!.start) < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The conflicts of a recurring series at each of `times` (docs/scheduling.md, "Conflicts"): the
 * head's own time first, named as `findConflicts` names it, then each later occurrence, whose
 * conflicts name its local date (`formatDate`) and carry `occurrenceStart`. `others` may be in
 * any order; each time looks only at those starting within a day before it (appointments last at
 * most MAX_APPOINTMENT_HOURS), so a year of a daily series against a clinician's year stays cheap.
 * `formatTime(instant, occurrenceStart)` writes an other appointment's times as seen from that
 * occurrence's day.
 */
export function findSeriesConflicts(
  candidate: BookedTime,
  times: readonly SeriesTime[],
  others: readonly BookedTime[],
  formatTime: (instant: string, occurrenceStart: string) => string,
  formatDate: (instant: string) => string,
): AppointmentConflict[] {
  const sorted = [...others].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const found: AppointmentConflict[] = [];
  for (const time of times) {
    const own = time.start === candidate.start;
    const from = firstFrom(sorted, Date.parse(time.start) - MAX_LENGTH_MS);
    const nearby: BookedTime[] = [];
    for (let i = from; i < sorted.length && sorted[i]!.start < time.end; i++) nearby.push(sorted[i]!);
    const conflicts = findConflicts({ ...candidate, ...time }, nearby, (instant) => formatTime(instant, time.start));
    for (const c of conflicts) {
      found.push(
        own
          ? c
          : {
              ...c,
              occurrenceStart: time.start,
              message: c.message.replace(
                'Appointment time: overlaps',
                `Appointment time: the occurrence on ${formatDate(time.start)} overlaps`,
              ),
            },
      );
    }
  }
  return found;
}
