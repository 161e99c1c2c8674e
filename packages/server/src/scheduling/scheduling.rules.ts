import {
  practiceTimeZone,
  AppError,
  ErrorCodes,
  INITIAL_APPOINTMENT_STATUSES,
  MESSAGES,
  RELEASED_APPOINTMENT_STATUSES,
  SCHEDULING_SCHEMAS,
  appointmentStatusesOf,
  badRequest,
  canMoveAppointment,
  canonicalJson,
  illegalTransitionMessage,
  invalidResource,
  isBaseAppointmentStatus,
  isOccurrenceOf,
  validateWithSchema,
  withException,
  type Appointment,
  type RecurrenceRule,
  type Issue,
  type Resource,
} from '@caseload/core';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { systemReader } from '../storage/system-reader.ts';
import { APPOINTMENT } from './appointment-note.service.ts';
import { appointmentConflicts } from './appointment-conflicts.ts';

const issue = (path: string, message: string): Issue => ({ path, message });

/**
 * The patient attendee is the patient whose chart holds the appointment: filled from the
 * partition when left out; another patient is refused (a group appointment is one appointment per
 * attendee, docs/scheduling.md "Group appointments").
 */
function settleAttendees(a: Appointment): Issue | undefined {
  const attendees = Array.isArray(a.attendees) ? a.attendees : [];
  if (!attendees.some((x) => x?.subject?.resourceType === 'Patient')) {
    a.attendees = [{ subject: { resourceType: 'Patient', id: a.partition }, role: 'Patient' }, ...attendees];
    return undefined;
  }
  const other = attendees.findIndex((x) => x?.subject?.resourceType === 'Patient' && x.subject.id !== a.partition);
  return other >= 0
    ? issue(
        `attendees.${other}.subject`,
        'attendees can name only the patient whose chart holds this appointment ' +
          '(its partition); book a group as one appointment per patient.',
      )
    : undefined;
}

/** The patient attendee carries the patient's display (the calendar's label), from the chart. */
async function settleAttendeeNames(tx: Queryable, ctx: RepositoryContext, a: Appointment): Promise<void> {
  const attendee = a.attendees.find((x) => x.subject.resourceType === 'Patient');
  if (!attendee || attendee.subject.display !== undefined) return;
  const patient = await systemReader(tx, ctx).get('Patient', a.partition);
  if (typeof patient?.display === 'string') attendee.subject = { ...attendee.subject, display: patient.display };
}

export const BOOKING_ELSEWHERE = 'This practice books appointments in its system of origin (appointmentCreation is off).';

/**
 * Where an appointment was booked (server-owned, set once): a write carrying x-sync or
 * x-automation is the system of origin's, any other Caseload's. Booking in Caseload needs
 * appointmentCreation; storing one occurrence of an existing series (`occurrenceOf`, a series of the
 * same chart) is not a new booking and takes its series' origin.
 */
async function settleOrigin(
  tx: Queryable,
  ctx: RepositoryContext,
  a: Appointment,
  prior: Appointment | undefined,
  creationAllowed: boolean,
): Promise<void> {
  if (prior) {
    if (prior.origin) a.origin = prior.origin;
    else delete a.origin;
    return;
  }
  if (a.occurrenceOf) {
    const series = await systemReader(tx, ctx).get<Appointment>('Appointment', a.occurrenceOf.appointment.id, { partition: a.partition });
    if (!series?.recurrence)
      throw invalidResource('Appointment', [
        issue('occurrenceOf.appointment', 'occurrenceOf must name a recurring appointment of this patient.'),
      ]);
    a.origin = series.origin ?? 'Caseload';
    return;
  }
  const fromOrigin = ctx.writeOptions.sync === true || ctx.writeOptions.automation !== undefined;
  a.origin = fromOrigin ? 'SystemOfOrigin' : 'Caseload';
  if (!fromOrigin && !creationAllowed) {
    throw new AppError(ErrorCodes.Forbidden, BOOKING_ELSEWHERE, {
      cause: 'appointmentCreation is off',
      issues: [issue('origin', BOOKING_ELSEWHERE)],
    });
  }
}

/**
 * A stored occurrence of a series (`occurrenceOf`) leaves its series with an exception for its
 * original start, however it was written: the occurrence call does it before storing the
 * occurrence (so this finds it done), and a create of the occurrence itself (the web's write
 * queue, replaying a drag made offline) gets it here, in the same transaction. Without it the
 * series would still take the original time in conflict checks and free slots. The head is
 * rewritten as the server's consequence of the occurrence's write (audited, its rules not run
 * again: only the exception changes), like signing a note fulfilling its appointment. A start
 * that is not an occurrence of the series (or one already excepted) changes nothing.
 */
async function exceptFromSeries(tx: Queryable, ctx: RepositoryContext, a: Appointment, timeZone: string): Promise<void> {
  const of = a.occurrenceOf;
  if (!of) return;
  const [row] = await systemReader(tx, ctx).rows(APPOINTMENT, { partition: a.partition, ids: [of.appointment.id], lock: true });
  const head = row?.body as Appointment | undefined;
  if (!row || row.is_deleted || !head?.recurrence || head.recurrence.exceptions?.includes(of.originalStart)) return;
  if (!isOccurrenceOf({ start: head.start, end: head.end, recurrence: head.recurrence }, timeZone, of.originalStart)) return;
  await new ResourceRepository(ctx, tx).rewrite(APPOINTMENT, row, {
    ...head,
    recurrence: withException(head.recurrence, of.originalStart),
  });
}

/** The status rules: a status the practice has, a legal first status, a legal move (one table, core). */
function checkStatus(a: Appointment, prior: Appointment | undefined, practiceStatuses: readonly string[]): void {
  const known = appointmentStatusesOf(practiceStatuses);
  if (!known.includes(a.status)) {
    const message = `status must be one of the following values: ${known.join(', ')}`;
    throw invalidResource('Appointment', [issue('status', message)]);
  }
  if (!prior) {
    if (isBaseAppointmentStatus(a.status) && !INITIAL_APPOINTMENT_STATUSES.includes(a.status)) {
      const message = `An appointment cannot be created as ${a.status}.`;
      throw badRequest(message, [issue('status', message)]);
    }
    return;
  }
  if (!canMoveAppointment(prior.status, a.status, practiceStatuses)) {
    const message = illegalTransitionMessage(prior.status, a.status);
    throw badRequest(message, [issue('status', message)]);
  }
}

/**
 * A portal login (patient or related person) changes only `status` (core portal.ts), and only to
 * cancel an upcoming visit, and only when the practice allows it (`allowAppointmentCancellation`).
 */
function checkPortalCancellation(ctx: RepositoryContext, a: Appointment, prior: Appointment | undefined, allowed: boolean): void {
  const kind = ctx.access.principal.kind;
  if (kind !== 'patient' && kind !== 'relatedPerson') return;
  if (!prior || a.status === prior.status) return;
  const reason =
    a.status !== 'cancelled'
      ? `a portal login can only cancel an appointment, not move it to ${a.status}`
      : !allowed
        ? 'the practice does not allow patients to cancel appointments (allowAppointmentCancellation)'
        : Date.parse(prior.start) <= ctx.clock().getTime()
          ? 'only an upcoming appointment can be cancelled'
          : undefined;
  if (reason) throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: reason, issues: [issue('status', reason)] });
}

/**
 * Whether the write changes what conflicts are about: its time, people or room, or a status that
 * starts taking time again (a cancellation reinstated). Checking in or fulfilling an appointment
 * booked over a conflict does not ask again.
 */
function bookingChanged(a: Appointment, prior: Appointment | undefined): boolean {
  if (!prior) return true;
  const key = (x: Appointment) =>
    canonicalJson([
      x.start,
      x.end,
      x.owner?.id,
      x.participants ?? [],
      x.serviceLocation?.id ?? null,
      x.visitMode ?? null,
      // A series' pattern: its times are the occurrences' times.
      x.recurrence ? [x.recurrence.frequency, x.recurrence.interval ?? 1, x.recurrence.weekdays ?? []] : null,
    ]);
  const released = (status: string) => (RELEASED_APPOINTMENT_STATUSES as readonly string[]).includes(status);
  return key(a) !== key(prior) || seriesExtended(a, prior) || (released(prior.status) && !released(a.status));
}

/**
 * Whether a series now runs longer: a greater count, a later until, or no end. Ending a series
 * sooner (this and following) or excepting an occurrence takes time away and asks nothing again.
 */
function seriesExtended(a: Appointment, prior: Appointment): boolean {
  const now = a.recurrence;
  const before = prior.recurrence;
  if (!now || !before) return false;
  const endless = (r: RecurrenceRule) => r.count === undefined && r.until === undefined;
  if (endless(now)) return !endless(before);
  if (endless(before)) return false;
  if (now.count !== undefined && before.count !== undefined) return now.count > before.count;
  if (now.until !== undefined && before.until !== undefined) return now.until > before.until;
  return true;
}

/**
 * The write rules of appointments (docs/scheduling.md), inside the write transaction:
 * attendees settled from the partition; the schema; the status against the one transition table
 * (an illegal move is a 400 naming both statuses); a portal cancellation only under
 * `allowAppointmentCancellation`; and conflicts with the same clinician, patient or room, which
 * refuse the write (400, one issue per conflict at `overrideConflicts`) unless the body sets
 * `overrideConflicts`, in which case the server records who booked over which conflicts in
 * `conflictOverride`. `conflictOverride` is the server's: a body never sets it.
 */
export const appointmentRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const a = resource as Appointment;
  const prior = previous as Appointment | undefined;
  const override = a.overrideConflicts === true;
  delete a.overrideConflicts;
  delete a.conflictOverride;
  const attendeeIssue = settleAttendees(a);
  if (attendeeIssue) throw invalidResource('Appointment', [attendeeIssue]);
  const issues = validateWithSchema(SCHEDULING_SCHEMAS.Appointment, a, { strict: true });
  if (issues.length > 0) throw invalidResource('Appointment', issues);
  await settleAttendeeNames(tx, ctx, a);
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  await settleOrigin(tx, ctx, a, prior, preferences.appointmentCreation);
  checkStatus(a, prior, preferences.appointmentStatuses);
  checkPortalCancellation(ctx, a, prior, preferences.allowAppointmentCancellation);
  if (!prior) await exceptFromSeries(tx, ctx, a, practiceTimeZone(preferences));
  if (!bookingChanged(a, prior)) {
    if (prior?.conflictOverride) a.conflictOverride = prior.conflictOverride;
    return;
  }
  const conflicts = await appointmentConflicts(systemReader(tx, ctx), ctx.access, a, practiceTimeZone(preferences), ctx.clock());
  if (conflicts.length === 0) return;
  if (!override) {
    throw badRequest(
      `${conflicts[0]!.message} Set overrideConflicts to book anyway.`,
      conflicts.map((c) => issue('overrideConflicts', c.message)),
    );
  }
  a.conflictOverride = {
    by: ctx.actor ?? { resourceType: 'Practitioner', id: 'unknown' },
    at: ctx
      .clock()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    conflicts,
  };
};

/**
 * Schedules are checked against their core schema. Who may write one is the Schedule permissions'
 * business: they come only with the Manage schedules grant set, which carries
 * scheduler:CanManageSchedules (docs/access.md).
 */
export const scheduleRules: BeforeWrite = async (_tx, _ctx, resource) => {
  if (resource.meta.isDeleted) return;
  const issues = validateWithSchema(SCHEDULING_SCHEMAS.Schedule, resource, { strict: true });
  if (issues.length > 0) throw invalidResource('Schedule', issues);
};

/** An itinerary is checked against its core schema and is its author's. */
export const itineraryRules: BeforeWrite = async (_tx, ctx, resource: Resource, previous) => {
  if (resource.meta.isDeleted) return;
  // The author is kept on an update and is the writer on a create unless one is named.
  if (previous?.author) resource.author = previous.author;
  else if (!resource.author && ctx.actor?.resourceType === 'Practitioner') resource.author = ctx.actor;
  const issues = validateWithSchema(SCHEDULING_SCHEMAS.Itinerary, resource, { strict: true });
  if (issues.length > 0) throw invalidResource('Itinerary', issues);
};

/**
 * An encounter's `appointment` names an appointment of the same patient's chart: checked when the
 * link is made or changed (a link to another chart's or a missing appointment would let
 * AppointmentRequired pass on nothing, and signing update the wrong visit).
 */
export const appointmentLinkKept: BeforeWrite = async (tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const link = (resource as { appointment?: { id?: unknown } }).appointment;
  const before = (previous as { appointment?: { id?: unknown } } | undefined)?.appointment;
  if (typeof link?.id !== 'string' || link.id === before?.id) return;
  const found = await systemReader(tx, ctx).exists('Appointment', { partition: resource.partition, ids: [link.id] });
  if (!found)
    throw invalidResource('Encounter', [
      issue('appointment', 'appointment must be an appointment of the patient whose chart holds this encounter.'),
    ]);
};
