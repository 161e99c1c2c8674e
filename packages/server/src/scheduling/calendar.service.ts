import {
  isoInstant,
  practiceTimeZone,
  AppError,
  ErrorCodes,
  HIDEABLE_APPOINTMENT_STATUSES,
  MESSAGES,
  RELEASED_APPOINTMENT_STATUSES,
  badRequest,
  earliestOverlappingStart,
  SERIES_HEADS,
  expandOccurrences,
  findFreeSlots,
  getResourceType,
  hasFlag,
  headsOwnTime,
  occurrenceStatus,
  can,
  isSignedByAuthor,
  type Appointment,
  type CalendarEntry,
  type Encounter,
  type Note,
  type Resource,
  type ResourceTypeDefinition,
  type Filter,
  type FreeSlotsQuery,
  type OccurrencesQuery,
  type Schedule,
} from '@caseload/core';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { SearchRequest } from '../storage/resource-search.ts';
import { APPOINTMENT } from './appointment-note.service.ts';
import { practitionerAppointments } from './practitioner-appointments.ts';

const SCHEDULE = getResourceType('Schedule')!;
const ENCOUNTER = getResourceType('Encounter')!;
const NOTE = getResourceType('Note')!;
const DAY = 86_400_000;
/** The widest window a calendar read covers: a month view with its leading and trailing weeks. */
const MAX_WINDOW_DAYS = 62;
/** How far ahead a free-slot search looks. */
const SLOT_HORIZON_DAYS = 60;
/** The most appointments one calendar read answers (a month of a 25-clinician team is about 2,000). */
const MAX_ENTRIES = 5000;

const ids = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The scheduler's reads need ViewScheduler (docs/access.md), on top of Appointment and Schedule reads. */
export function assertViewScheduler(scope: ResourceScope): void {
  if (!hasFlag(scope.ctx.access.principal.permissions, 'scheduler', 'ViewScheduler')) {
    throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: 'the scheduler:ViewScheduler flag is required' });
  }
}

/** Every page of a search, as the caller (each page checked and audited as a query). */
async function allPages(repo: ResourceRepository, request: SearchRequest, max = MAX_ENTRIES): Promise<Appointment[]> {
  const out: Appointment[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await repo.search(APPOINTMENT, { ...request, pageSize: 1000, ...(continuationToken && { continuationToken }) });
    out.push(...(page.items as Appointment[]));
    continuationToken = page.continuationToken;
  } while (continuationToken && out.length < max);
  return out;
}

/** Whose appointments a calendar shows: owned by or with these clinicians, at these locations or rooms, of this patient. */
function whose(q: Pick<OccurrencesQuery, 'practitioner' | 'location'>): Filter[] {
  const practitioners = ids(q.practitioner);
  const locations = ids(q.location);
  const any: Filter[] = [
    ...(practitioners.length
      ? [
          { field: 'owner.id', op: 'in', value: practitioners } as Filter,
          { field: 'participants.id', op: 'in', value: practitioners } as Filter,
        ]
      : []),
    ...(locations.length
      ? [
          { field: 'location.id', op: 'in', value: locations } as Filter,
          { field: 'serviceLocation.id', op: 'in', value: locations } as Filter,
        ]
      : []),
  ];
  return any.length ? [{ or: any }] : [];
}

/**
 * The calendar of a window (docs/scheduling.md, "Reading the calendar"): the stored appointments
 * overlapping it, and the occurrences of recurring series that do (each series head read once and
 * expanded in the practice's zone). As the caller: every appointment read is within the caller's
 * reach and audited as a query. Cancelled and no-show appointments are left out when the practice
 * sets hideNoShowCancelledAppointments (unless `includeHidden`), entered-in-error ones always
 * unless `includeHidden`.
 */
export async function calendarEntries(scope: ResourceScope, q: OccurrencesQuery): Promise<{ entries: CalendarEntry[]; timeZone: string }> {
  assertViewScheduler(scope);
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (!(to > from)) throw badRequest('to must be later than from.', [{ path: 'to', message: 'to must be later than from.' }]);
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY) {
    const message = `The window is at most ${MAX_WINDOW_DAYS} days.`;
    throw badRequest(message, [{ path: 'to', message }]);
  }
  const who = whose(q);
  if (who.length === 0 && !q.patient) {
    const message = 'Name a practitioner, a location or a patient.';
    throw badRequest(message, [{ path: 'practitioner', message }]);
  }
  const preferences = await loadPracticePreferences(scope.repo.queryable, scope.ctx.practiceId);
  const timeZone = practiceTimeZone(preferences);
  const where: Pick<SearchRequest, 'partition' | 'crossPartition'> = q.patient ? { partition: q.patient } : { crossPartition: true };
  const stored = await allPages(scope.repo, {
    ...where,
    filters: [
      { field: 'start', op: 'ge', value: earliestOverlappingStart(from) },
      { field: 'start', op: 'lt', value: isoInstant(to) },
      { field: 'end', op: 'gt', value: isoInstant(from) },
      ...who,
    ],
    orderBy: 'EncounterDate',
    order: 'asc',
  });
  const heads = await allPages(scope.repo, {
    ...where,
    filters: [{ field: 'start', op: 'lt', value: isoInstant(to) }, { ...SERIES_HEADS, value: [...SERIES_HEADS.value] }, ...who],
  });
  const entries: CalendarEntry[] = stored
    .filter(headsOwnTime)
    .map((a) => ({ appointment: a, start: a.start, end: a.end, status: a.status }));
  const expanded = heads.map((head) => ({
    head,
    occurrences: expandOccurrences({ start: head.start, end: head.end, recurrence: head.recurrence! }, timeZone, from, to).filter(
      (o) => o.originalStart !== head.start,
    ),
  }));
  const storedAlready = await storedOccurrenceKeys(scope.repo, where, expanded, from, to);
  for (const { head, occurrences } of expanded) {
    for (const o of occurrences) {
      if (storedAlready.has(`${head.id}@${o.originalStart}`)) continue;
      entries.push({
        appointment: head,
        start: o.start,
        end: o.end,
        status: occurrenceStatus(head.status),
        occurrenceOf: { appointment: { resourceType: 'Appointment', id: head.id }, originalStart: o.originalStart },
      });
    }
  }
  const hidden: readonly string[] = q.includeHidden
    ? []
    : [...(preferences.hideNoShowCancelledAppointments ? HIDEABLE_APPOINTMENT_STATUSES : []), 'entered-in-error'];
  const shown = entries.filter((e) => !hidden.includes(e.status));
  shown.sort((a, b) => a.start.localeCompare(b.start) || a.appointment.id.localeCompare(b.appointment.id));
  if (q.withNoteState) await addNoteStates(scope, shown);
  return { entries: shown, timeZone };
}

/**
 * The occurrences of these series already stored as appointments of their own whose series was
 * not told (no exception on the head): an occurrence moved offline reaches the server through the
 * write queue as a plain create with `occurrenceOf` (docs/scheduling.md, "Moving an occurrence
 * offline"). Read only when a series has an occurrence in the window, by original start, so a
 * moved occurrence is left out wherever it went.
 */
async function storedOccurrenceKeys(
  repo: ResourceRepository,
  where: Pick<SearchRequest, 'partition' | 'crossPartition'>,
  expanded: readonly { head: Appointment; occurrences: readonly unknown[] }[],
  from: Date,
  to: Date,
): Promise<Set<string>> {
  const ids = expanded.filter((x) => x.occurrences.length > 0).map((x) => x.head.id);
  if (ids.length === 0) return new Set();
  const found = await allPages(repo, {
    ...where,
    filters: [
      { field: 'occurrenceOf.appointment.id', op: 'in', value: ids },
      { field: 'occurrenceOf.originalStart', op: 'ge', value: isoInstant(from) },
      { field: 'occurrenceOf.originalStart', op: 'lt', value: isoInstant(to) },
    ],
  });
  return new Set(found.map((a) => `${a.occurrenceOf!.appointment.id}@${a.occurrenceOf!.originalStart}`));
}

/**
 * The note state of each stored appointment (the dashboard's "today" list): `none` when no
 * encounter links it or its encounter has no note, `draft` when its note is unsigned, `signed`
 * once its author signed (awaiting a co-signature counts: the clinician's part is done). Read as
 * the caller, and only when the caller may read notes: the encounters linking the appointments,
 * then their notes, each a query checked and audited like any other.
 */
async function addNoteStates(scope: ResourceScope, entries: CalendarEntry[]): Promise<void> {
  const permissions = scope.ctx.access.principal.permissions;
  if (!can(permissions, 'Read', 'Encounter') || !can(permissions, 'Read', 'Note')) return;
  const stored = entries.filter((e) => !e.occurrenceOf);
  const ids = [...new Set(stored.map((e) => e.appointment.id))];
  if (ids.length === 0) return;
  const encounters = await pagesOf(scope.repo, ENCOUNTER, [{ field: 'appointment.id', op: 'in', value: ids }]);
  const encounterOf = new Map(encounters.map((e) => [(e as Encounter).appointment!.id, e.id]));
  const notes = encounters.length
    ? await pagesOf(scope.repo, NOTE, [{ field: 'encounter.id', op: 'in', value: encounters.map((e) => e.id) }])
    : [];
  const noteOf = new Map(notes.map((n) => [(n as Note).encounter.id, n as Note]));
  for (const entry of stored) {
    const encounterId = encounterOf.get(entry.appointment.id);
    const note = encounterId ? noteOf.get(encounterId) : undefined;
    const live = note && note.status !== 'EnteredInError' ? note : undefined;
    entry.noteState = !live ? 'none' : isSignedByAuthor(live) ? 'signed' : 'draft';
    if (live) entry.note = { resourceType: 'Note', id: live.id, partition: live.partition };
  }
}

/** Every page of a cross-partition search of any type, as the caller. */
async function pagesOf(repo: ResourceRepository, type: ResourceTypeDefinition, filters: Filter[]): Promise<Resource[]> {
  const out: Resource[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await repo.search(type, {
      filters,
      crossPartition: true,
      pageSize: 1000,
      ...(continuationToken && { continuationToken }),
    });
    out.push(...page.items);
    continuationToken = page.continuationToken;
  } while (continuationToken && out.length < MAX_ENTRIES);
  return out;
}

/**
 * "The next N free M-minute slots for this clinician at this location" (docs/scheduling.md, "Free
 * slots"): the clinician's schedules read as the caller; the times the clinician is booked read
 * as the server, since they may be with patients outside the caller's reach (only times leave).
 */
export async function freeSlots(scope: ResourceScope, q: FreeSlotsQuery) {
  assertViewScheduler(scope);
  const preferences = await loadPracticePreferences(scope.repo.queryable, scope.ctx.practiceId);
  const timeZone = practiceTimeZone(preferences);
  const from = q.from ? new Date(q.from) : scope.ctx.clock();
  const until = new Date(from.getTime() + (SLOT_HORIZON_DAYS + 1) * DAY);
  const schedules = (
    await scope.repo.search(SCHEDULE, { filters: [{ field: 'actor.id', op: 'eq', value: q.practitioner }], pageSize: 100 })
  ).items as Schedule[];
  const { stored: booked, heads } = await practitionerAppointments(scope.repo.system, q.practitioner, from, until);
  const takes = (status: string) => !(RELEASED_APPOINTMENT_STATUSES as readonly string[]).includes(status);
  const busy = [
    ...booked.filter((a) => takes(a.status) && headsOwnTime(a)),
    ...heads
      .filter((h) => takes(occurrenceStatus(h.status)))
      .flatMap((h) => expandOccurrences({ start: h.start, end: h.end, recurrence: h.recurrence! }, timeZone, from, until)),
  ];
  const slots = findFreeSlots({
    schedules,
    busy,
    timeZone,
    from,
    minutes: q.minutes,
    count: q.count ?? 5,
    horizonDays: SLOT_HORIZON_DAYS,
    ...(q.location !== undefined && { locationId: q.location }),
    ...(q.stepMinutes !== undefined && { stepMinutes: q.stepMinutes }),
  });
  return { slots, timeZone };
}
