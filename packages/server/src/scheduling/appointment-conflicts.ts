import {
  earliestOverlappingStart,
  SERIES_HEADS,
  expandOccurrences,
  findConflicts,
  headsOwnTime,
  occurrenceStatus,
  localDate,
  localTime,
  type Appointment,
  type AppointmentConflict,
  type BookedTime,
  type Filter,
} from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { SystemReader } from '../storage/system-reader.ts';

const APPOINTMENT = 'Appointment';

/** The clinicians of an appointment: its owner and participants. */
export const cliniciansOf = (a: Pick<Appointment, 'owner' | 'participants'>) => [
  ...new Set([a.owner?.id, ...(a.participants ?? []).map((p) => p.id)].filter((id): id is string => typeof id === 'string')),
];

/** Whose time an appointment shares: the same patient, clinicians or room. */
function sharing(a: Appointment): Filter {
  const clinicians = cliniciansOf(a);
  const room = a.visitMode === 'Telehealth' ? undefined : a.serviceLocation?.id;
  return {
    or: [
      { field: 'partition', op: 'eq', value: a.partition },
      ...(clinicians.length
        ? [
            { field: 'owner.id', op: 'in', value: clinicians } as Filter,
            { field: 'participants.id', op: 'in', value: clinicians } as Filter,
          ]
        : []),
      ...(room ? [{ field: 'serviceLocation.id', op: 'eq', value: room } as Filter] : []),
    ],
  };
}

const asBooked = (a: Appointment, reached: boolean): BookedTime => ({
  id: a.id,
  partition: a.partition,
  status: a.status,
  owner: a.owner,
  participants: a.participants,
  serviceLocation: a.serviceLocation,
  visitMode: a.visitMode,
  start: a.start,
  end: a.end,
  // Another patient's name only where the writer reaches that patient (docs/access.md).
  ...(reached && a.attendees?.[0]?.subject?.display !== undefined && { display: a.attendees[0].subject.display }),
});

/**
 * The conflicts of an appointment being written (docs/scheduling.md, "Conflicts"): stored
 * appointments of the same clinicians, patient or room overlapping its time, and the occurrences
 * of other recurring series that do. Read as the server, since a clinician's other appointments
 * may be with patients outside the writer's reach: the conflict still counts, without the name.
 */
export async function appointmentConflicts(
  system: SystemReader,
  access: AccessPolicy,
  candidate: Appointment,
  timeZone: string,
): Promise<AppointmentConflict[]> {
  const shared = sharing(candidate);
  const stored = await system.listWithReach<Appointment>(
    APPOINTMENT,
    {
      filters: [
        { field: 'start', op: 'ge', value: earliestOverlappingStart(new Date(candidate.start)) },
        { field: 'start', op: 'lt', value: candidate.end },
        { field: 'end', op: 'gt', value: candidate.start },
        shared,
      ],
      limit: 50,
    },
    { access },
  );
  const heads = await system.listWithReach<Appointment>(
    APPOINTMENT,
    {
      filters: [{ field: 'start', op: 'lt', value: candidate.end }, { ...SERIES_HEADS, value: [...SERIES_HEADS.value] }, shared],
      limit: 200,
    },
    { access },
  );
  const from = new Date(candidate.start);
  const to = new Date(candidate.end);
  const occurrences = heads
    .filter(({ resource }) => resource.id !== candidate.id && resource.id !== candidate.occurrenceOf?.appointment.id && resource.recurrence)
    .flatMap(({ resource, reached }) =>
      expandOccurrences({ start: resource.start, end: resource.end, recurrence: resource.recurrence! }, timeZone, from, to, 5)
        .filter((o) => o.start !== resource.start)
        .map((o) => ({ ...asBooked(resource, reached), status: occurrenceStatus(resource.status), start: o.start, end: o.end })),
    );
  const others = [
    ...stored.filter(({ resource }) => headsOwnTime(resource)).map(({ resource, reached }) => asBooked(resource, reached)),
    ...occurrences,
  ];
  const sameDay = localDate(from, timeZone) === localDate(to, timeZone);
  const format = (instant: string) => {
    const d = new Date(instant);
    return sameDay && localDate(d, timeZone) === localDate(from, timeZone)
      ? localTime(d, timeZone)
      : `${localDate(d, timeZone)} ${localTime(d, timeZone)}`;
  };
  return findConflicts(asBooked(candidate, true), others, format);
}
