import type { Reference } from '../resources/resource.ts';
import { RELEASED_APPOINTMENT_STATUSES } from './appointment-statuses.ts';
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
