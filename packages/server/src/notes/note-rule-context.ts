import {
  RELEASED_APPOINTMENT_STATUSES,
  encounterInterval,
  practiceTimeZone,
  type Appointment,
  type Coverage,
  type Encounter,
  type Filter,
  type Note,
  type NoteRule,
  type NoteRuleContext,
  type OtherSession,
  type Patient,
  type PracticePreferenceValues,
  isoInstant,
} from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { authorizationBalances, authorizationsOf, serviceIdsOf, unitMinutesOf } from './note-authorization-usage.ts';
import { ENCOUNTER } from './note-workflow-context.ts';

/**
 * Other live sessions overlapping the encounter's time: the patient's, or its clinicians'. Found
 * as the server, since a clinician's other sessions may be with patients outside the signer's
 * reach; such a session still counts (the conflict is real) but keeps its patient's name to
 * itself: `display` is given only where `access` reaches the session's patient.
 */
async function overlappingSessions(system: SystemReader, access: AccessPolicy, encounter: Encounter): Promise<OtherSession[]> {
  const interval = encounterInterval(encounter);
  if (!interval) return [];
  const clinicians = encounter.participants
    .filter((p) => p.role === 'PrimaryPerformer' || p.role === 'SecondaryPerformer')
    .map((p) => p.individual.id);
  const sameChart: Filter = { field: 'partition', op: 'eq', value: encounter.partition };
  const found = await system.listWithReach<Encounter>(
    ENCOUNTER,
    {
      filters: [
        { field: 'id', op: 'ne', value: encounter.id },
        { field: 'period.start', op: 'lt', value: isoInstant(interval.end) },
        { field: 'period.end', op: 'gt', value: isoInstant(interval.start) },
        clinicians.length > 0 ? { or: [sameChart, { field: 'participants.individual.id', op: 'in', value: clinicians }] } : sameChart,
      ],
      limit: 50,
    },
    { access },
  );
  const documented = found.map(({ resource: body, reached }) => ({
    encounterId: body.id,
    patientId: body.partition,
    clinicianIds: body.participants
      .filter((p) => p.role === 'PrimaryPerformer' || p.role === 'SecondaryPerformer')
      .map((p) => p.individual.id),
    start: body.period!.start!,
    end: body.period!.end!,
    ...(reached && { display: body.subject?.display }),
  }));
  return [
    ...documented,
    ...(await overlappingAppointments(
      system,
      access,
      encounter,
      interval,
      clinicians,
      found.map((f) => f.resource.appointment?.id),
    )),
  ];
}

/**
 * Booked appointments overlapping the encounter's time that no session documents yet: the
 * patient's, or its clinicians'. The encounter's own appointment, appointments whose time is
 * released (cancelled, no-show, ...) and those an overlapping encounter already documents (found
 * above, not counted twice) are left out.
 */
async function overlappingAppointments(
  system: SystemReader,
  access: AccessPolicy,
  encounter: Encounter,
  interval: { start: Date; end: Date },
  clinicians: string[],
  documented: (string | undefined)[],
): Promise<OtherSession[]> {
  const sameChart: Filter = { field: 'partition', op: 'eq', value: encounter.partition };
  const found = await system.listWithReach<Appointment>(
    'Appointment',
    {
      filters: [
        { field: 'start', op: 'lt', value: isoInstant(interval.end) },
        { field: 'end', op: 'gt', value: isoInstant(interval.start) },
        clinicians.length > 0
          ? {
              or: [
                sameChart,
                { field: 'owner.id', op: 'in', value: clinicians },
                { field: 'participants.id', op: 'in', value: clinicians },
              ],
            }
          : sameChart,
      ],
      limit: 50,
    },
    { access },
  );
  const skip = new Set([encounter.appointment?.id, ...documented].filter(Boolean));
  return found
    .filter(({ resource }) => !skip.has(resource.id) && !(RELEASED_APPOINTMENT_STATUSES as readonly string[]).includes(resource.status))
    .map(({ resource, reached }) => ({
      appointmentId: resource.id,
      patientId: resource.partition,
      clinicianIds: [resource.owner?.id, ...(resource.participants ?? []).map((p) => p.id)].filter((id): id is string => Boolean(id)),
      start: resource.start,
      end: resource.end,
      ...(reached && resource.attendees?.[0]?.subject?.display !== undefined && { display: resource.attendees[0].subject.display }),
    }));
}

/** The encounter's linked appointment as the rules read it: its status and origin, or null when it names none of this chart. */
async function linkedAppointment(system: SystemReader, encounter: Encounter): Promise<NoteRuleContext['appointment']> {
  const id = encounter.appointment?.id;
  if (!id) return undefined;
  const found = await system.get<Appointment>('Appointment', id, { partition: encounter.partition });
  return found ? { status: found.status, ...(found.origin && { origin: found.origin }) } : null;
}

/** Everything the rule evaluator reads for one note, loaded as the server. */
export interface LoadedRuleContext {
  context: NoteRuleContext;
  rules: NoteRule[];
  preferences: PracticePreferenceValues;
}

/**
 * Loads the practice's Active note rules and the data they read: preferences and time zone, the
 * patient's birth date and coverages (with the authorisations recorded on them, less what the
 * patient's other signed sessions used), the units of the services, and the sessions that could
 * overlap. Read as the server for the signer `ctx` (who reaches the note's patient): only numbers,
 * times and configuration leave, and the names of other patients only where `ctx` reaches them.
 */
export async function loadRuleContext(
  db: Queryable,
  ctx: Pick<RepositoryContext, 'practiceId' | 'access'>,
  note: Note,
  encounter: Encounter,
  now: Date,
): Promise<LoadedRuleContext> {
  const { practiceId } = ctx;
  const system = new SystemReader(db, practiceId);
  const preferences = await loadPracticePreferences(db, practiceId);
  const rules = await system.list<NoteRule>('NoteRule', { filters: [{ field: 'status', op: 'eq', value: 'Active' }] });
  const patient = await system.get<Patient>('Patient', note.partition);
  const coverages = await system.list<Coverage>('Coverage', { partition: note.partition });
  const timeZone = practiceTimeZone(preferences);
  // Authorisations are recorded on the coverage that pays for them (docs/notes.md); what the
  // patient's other signed sessions used is deducted only when a rule counts it.
  const recorded = authorizationsOf(coverages);
  const wantsUsage = rules.some((r) => r.kind === 'Authorization') && recorded.length > 0;
  const { authorizations, unitMinutes } = wantsUsage
    ? await authorizationBalances(
        system,
        note.partition,
        recorded,
        timeZone,
        { noteId: note.id, encounterId: encounter.id },
        serviceIdsOf(encounter),
      )
    : { authorizations: recorded, unitMinutes: await unitMinutesOf(system, serviceIdsOf(encounter)) };
  const wantsOverlaps = preferences.checkOverlappingSessions && rules.some((r) => r.kind === 'SessionOverlap');
  const context: NoteRuleContext = {
    note,
    encounter,
    timeZone,
    now,
    preferences,
    labels: preferences.labels,
    patient: { birthDate: patient?.birthDate },
    coverages: coverages.map((c) => ({ payor: c.payor, period: c.period, order: c.order })),
    authorizations,
    unitMinutes,
    otherSessions: wantsOverlaps ? await overlappingSessions(system, ctx.access, encounter) : [],
    appointment: await linkedAppointment(system, encounter),
  };
  return { context, rules, preferences };
}
