import {
  AppError,
  ErrorCodes,
  canMoveAppointment,
  getResourceType,
  type Appointment,
  type Encounter,
  type EncounterParticipant,
  type PracticePreferenceValues,
} from '@caseload/core';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';

export const APPOINTMENT = getResourceType('Appointment')!;
const ENCOUNTER = getResourceType('Encounter')!;

export const NOTES_FROM_APPOINTMENTS_OFF = 'This practice does not start notes from appointments (allowNotesFromAppointments).';

/** The visit status an appointment's status implies for its session. */
function visitStatusOf(status: string): Encounter['visitStatus'] {
  return status === 'noshow' ? 'NoShow' : status === 'cancelled' ? 'Cancelled' : 'Show';
}

/** The appointment status a signed session's visit status implies. */
function appointmentStatusOf(visitStatus: Encounter['visitStatus']): string {
  return visitStatus === 'NoShow' ? 'noshow' : visitStatus === 'Cancelled' ? 'cancelled' : 'fulfilled';
}

/**
 * The encounter "Start note" makes from an appointment (docs/scheduling.md, "From appointment to
 * note"): the patient, the owner as PrimaryPerformer and other clinicians as SecondaryPerformer,
 * service type, location and place of service, program, times, visit mode, the visit status its
 * status implies, and the link `appointment`.
 */
export function encounterFromAppointment(a: Appointment): Record<string, unknown> {
  const participants: EncounterParticipant[] = [
    { individual: a.owner, role: 'PrimaryPerformer' },
    ...(a.participants ?? []).filter((p) => p.id !== a.owner.id).map((p) => ({ individual: p, role: 'SecondaryPerformer' as const })),
  ];
  const location = a.location ?? a.serviceLocation;
  return {
    partition: a.partition,
    subject: a.attendees.find((x) => x.subject.resourceType === 'Patient')?.subject ?? { resourceType: 'Patient', id: a.partition },
    participants,
    ...(a.serviceType && { serviceType: a.serviceType }),
    ...((location || a.placeOfService) && {
      location: { ...(location && { location }), ...(a.placeOfService && { placeOfService: a.placeOfService }) },
    }),
    ...(a.program && { program: a.program }),
    appointment: { resourceType: 'Appointment', id: a.id, versionId: a.meta.versionId },
    ...(a.visitMode && { visitMode: a.visitMode }),
    visitStatus: visitStatusOf(a.status),
    sessionTime: { mode: 'Duration', start: a.start, end: a.end },
  };
}

/**
 * `POST Appointments/{id}/encounter`: the encounter of the appointment's note, created prefilled
 * (201) or, when one already links the appointment, that one (200), so "Start note" twice opens
 * one session. As the caller: the appointment read and the encounter written are checked and
 * audited like any read and create. Refused (403) when the practice turned
 * allowNotesFromAppointments off, and (400) for an appointment entered in error.
 */
export async function startEncounter(
  repo: ResourceRepository,
  ctx: RepositoryContext,
  id: string,
): Promise<{ status: 200 | 201; body: Encounter }> {
  const preferences = await loadPracticePreferences(repo.queryable, ctx.practiceId);
  if (!preferences.allowNotesFromAppointments) {
    throw new AppError(ErrorCodes.Forbidden, NOTES_FROM_APPOINTMENTS_OFF, { cause: 'allowNotesFromAppointments is off' });
  }
  const appointment = (await repo.read(APPOINTMENT, id)) as Appointment;
  if (appointment.status === 'entered-in-error') {
    const message = 'A note cannot be started from an appointment entered in error.';
    throw new AppError(ErrorCodes.BadRequest, message, { issues: [{ path: 'status', message }] });
  }
  const existing = await repo.search(ENCOUNTER, {
    filters: [{ field: 'appointment.id', op: 'eq', value: id }],
    partition: appointment.partition,
    pageSize: 1,
  });
  if (existing.items[0]) return { status: 200, body: existing.items[0] as Encounter };
  const created = await repo.create(ENCOUNTER, encounterFromAppointment(appointment));
  return { status: 201, body: created.resource as Encounter };
}

/**
 * What signing a note does to its appointment (docs/scheduling.md), in the signing transaction,
 * as the server's consequence of the signature (audited, written with the signer as actor, not
 * asked of the signer's appointment permissions):
 * a linked appointment moves to fulfilled (noshow, cancelled when the session records NoShow,
 * Cancelled) unless skipAppointmentStatusUpdate, and only where the transition table allows it
 * (an appointment already fulfilled or entered in error is left as it is).
 */
export async function settleAppointmentOnSigning(
  repo: ResourceRepository,
  encounter: Encounter,
  preferences: PracticePreferenceValues,
): Promise<void> {
  const linked = encounter.appointment?.id;
  if (!linked || preferences.skipAppointmentStatusUpdate) return;
  const target = appointmentStatusOf(encounter.visitStatus);
  const [row] = await repo.system.rows(APPOINTMENT, { partition: encounter.partition, ids: [linked], lock: true });
  const appointment = row?.body as Appointment | undefined;
  if (!row || !appointment || row.is_deleted || !canMoveAppointment(appointment.status, target, preferences.appointmentStatuses)) return;
  if (appointment.status !== target) await repo.rewrite(APPOINTMENT, row, { ...appointment, status: target });
}
