import {
  earliestOverlappingStart,
  SERIES_HEADS,
  expandOccurrences,
  findSeriesConflicts,
  headsOwnTime,
  isoInstant,
  occurrenceStatus,
  localDate,
  localTime,
  type Appointment,
  type AppointmentConflict,
  type BookedTime,
  type Filter,
  type SeriesTime,
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

/** How far ahead a series is checked: a year of occurrences from its start or from now, whichever is later. */
export const SERIES_CHECK_DAYS = 365;
/** At most this many occurrences are checked (a daily series' year). */
export const SERIES_CHECK_OCCURRENCES = 400;
const DAY = 86_400_000;

/**
 * The times a written appointment takes, to be checked: its own (unless a series head gave its own
 * time up to a stored occurrence), and for a series head its occurrences over the horizon: from
 * the later of its start and now, SERIES_CHECK_DAYS ahead, at most SERIES_CHECK_OCCURRENCES. Past
 * occurrences happened as they happened; beyond a year each occurrence is checked when it is
 * stored (moved, checked in, its note started), and the calendar shows the rest.
 */
export function timesToCheck(candidate: Appointment, timeZone: string, now: Date): SeriesTime[] {
  const own = headsOwnTime(candidate) ? [{ start: candidate.start, end: candidate.end }] : [];
  if (!candidate.recurrence) return own;
  const from = new Date(Math.max(Date.parse(candidate.start), now.getTime()));
  const to = new Date(from.getTime() + SERIES_CHECK_DAYS * DAY);
  const series = { start: candidate.start, end: candidate.end, recurrence: candidate.recurrence };
  const later = expandOccurrences(series, timeZone, from, to, SERIES_CHECK_OCCURRENCES).filter((o) => o.start !== candidate.start);
  return [...own, ...later.map((o) => ({ start: o.start, end: o.end }))];
}

/**
 * The conflicts of an appointment being written (docs/scheduling.md, "Conflicts"): stored
 * appointments of the same clinicians, patient or room overlapping its time, and the occurrences
 * of other recurring series that do; for a series head, at each of its occurrences over the
 * horizon (`timesToCheck`). Read as the server, since a clinician's other appointments may be with
 * patients outside the writer's reach: the conflict still counts, without the name.
 */
export async function appointmentConflicts(
  system: SystemReader,
  access: AccessPolicy,
  candidate: Appointment,
  timeZone: string,
  now: Date,
): Promise<AppointmentConflict[]> {
  const times = timesToCheck(candidate, timeZone, now);
  if (times.length === 0) return [];
  const from = new Date(times[0]!.start);
  const to = new Date(Math.max(...times.map((t) => Date.parse(t.end))));
  const shared = sharing(candidate);
  const stored = await system.listWithReach<Appointment>(
    APPOINTMENT,
    {
      filters: [
        { field: 'start', op: 'ge', value: earliestOverlappingStart(from) },
        { field: 'start', op: 'lt', value: isoInstant(to) },
        { field: 'end', op: 'gt', value: isoInstant(from) },
        shared,
      ],
      // A year of a full caseload and everyone sharing it; one time's neighbours are a handful.
      limit: times.length > 1 ? 5000 : 50,
    },
    { access },
  );
  const heads = await system.listWithReach<Appointment>(
    APPOINTMENT,
    {
      filters: [{ field: 'start', op: 'lt', value: isoInstant(to) }, { ...SERIES_HEADS, value: [...SERIES_HEADS.value] }, shared],
      limit: 200,
    },
    { access },
  );
  const ownSeries = (a: Appointment) =>
    a.id === candidate.id || a.id === candidate.occurrenceOf?.appointment.id || a.occurrenceOf?.appointment.id === candidate.id;
  const occurrences = heads
    .filter(({ resource }) => !ownSeries(resource) && resource.recurrence)
    .flatMap(({ resource, reached }) =>
      expandOccurrences({ start: resource.start, end: resource.end, recurrence: resource.recurrence! }, timeZone, from, to, 1000)
        .filter((o) => o.start !== resource.start)
        .map((o) => ({ ...asBooked(resource, reached), status: occurrenceStatus(resource.status), start: o.start, end: o.end })),
    );
  const others = [
    // A series' own stored occurrences are its visits, not other bookings.
    ...stored
      .filter(({ resource }) => headsOwnTime(resource) && !ownSeries(resource))
      .map(({ resource, reached }) => asBooked(resource, reached)),
    ...occurrences,
  ];
  const date = (instant: string) => localDate(new Date(instant), timeZone);
  // An other appointment's times as seen from the occurrence: the local time on its day, else the date too.
  const byStart = new Map(times.map((t) => [t.start, t]));
  const format = (instant: string, occurrenceStart: string) => {
    const occurrence = byStart.get(occurrenceStart)!;
    const sameDay = date(occurrence.start) === date(occurrence.end);
    const d = new Date(instant);
    return sameDay && date(instant) === date(occurrence.start) ? localTime(d, timeZone) : `${date(instant)} ${localTime(d, timeZone)}`;
  };
  return findSeriesConflicts(asBooked(candidate, true), times, others, format, date);
}
