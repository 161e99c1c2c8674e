import {
  addDays,
  authorizationUsage,
  authorizationWindow,
  getResourceType,
  practiceTimeZone,
  zonedInstant,
  type AuthorizationBalance,
  type Coverage,
  type Encounter,
  type Filter,
  type HealthcareService,
  type Note,
  isoInstant,
} from '@caseload/core';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { SystemReader } from '../storage/system-reader.ts';
import { ENCOUNTER, NOTE } from './note-workflow-context.ts';

const COVERAGE = getResourceType('Coverage')!;

/** The authorisations recorded on a patient's coverages (docs/notes.md: `Coverage.authorizations[]`). */
export function authorizationsOf(coverages: readonly Coverage[]): AuthorizationBalance[] {
  return coverages.flatMap((c) => {
    const list = (c as { authorizations?: unknown }).authorizations;
    return Array.isArray(list) ? (list as AuthorizationBalance[]) : [];
  });
}

/** The fields of an encounter the unit arithmetic reads. */
type SessionFields = Pick<Encounter, 'id' | 'partition' | 'serviceType' | 'services' | 'program' | 'visitStatus' | 'sessionTime'>;

/** What this note is, so it (and its encounter) never count against themselves. */
export interface UsageExclusion {
  noteId?: string;
  encounterId?: string;
}

/** Signed means Final or Amended, or signed by the author and awaiting its co-signature (frozen, and about to be Final). */
const SIGNED: Filter[] = [
  {
    or: [
      { field: 'status', op: 'in', value: ['Final', 'Amended'] },
      {
        and: [
          { field: 'status', op: 'eq', value: 'Preliminary' },
          { field: 'pendingSignatures', op: 'exists', value: true },
        ],
      },
    ],
  },
];

/**
 * The encounters of the patient's other signed notes that could fall in `window` (local dates):
 * the patient's signed notes, then their encounters in the same chart. EnteredInError and unsigned
 * notes are left out. Only the fields the unit arithmetic reads leave this function; the exact
 * window, program and service matching is core's `sessionUse`.
 */
export async function signedSessions(
  system: SystemReader,
  patientId: string,
  window: { start?: string; end?: string },
  timeZone: string,
  exclude: UsageExclusion,
): Promise<Encounter[]> {
  const from = window.start ? isoInstant(zonedInstant(window.start, '00:00', timeZone)) : undefined;
  const to = window.end ? isoInstant(zonedInstant(addDays(window.end, 1), '00:00', timeZone)) : undefined;
  const notes = await system.list<Note>(NOTE, {
    partition: patientId,
    filters: [...SIGNED, ...(exclude.noteId === undefined ? [] : [{ field: 'id', op: 'ne', value: exclude.noteId } as const])],
  });
  const ids = [
    ...new Set(notes.map((n) => n.encounter?.id).filter((id): id is string => typeof id === 'string' && id !== exclude.encounterId)),
  ];
  if (ids.length === 0) return [];
  // A session without a start counts wherever the window is; one with a start, only inside it.
  const inWindow: Filter[] = [
    ...(from === undefined ? [] : [{ field: 'period.start', op: 'ge', value: from } as const]),
    ...(to === undefined ? [] : [{ field: 'period.start', op: 'lt', value: to } as const]),
  ];
  const filters: Filter[] =
    inWindow.length === 0 ? [] : [{ or: [{ field: 'period.start', op: 'exists', value: false }, { and: inWindow }] }];
  const encounters = await system.list<Encounter>(ENCOUNTER, { partition: patientId, ids, filters });
  return encounters.map((e) => ({
    resourceType: 'Encounter',
    meta: { versionId: '', lastModified: '' },
    subject: { resourceType: 'Patient', id: patientId },
    participants: [],
    ...sessionFields(e),
  }));
}

/** Only what the unit arithmetic reads, absent fields left out. */
function sessionFields(e: Encounter): SessionFields {
  const fields: Record<string, unknown> = {
    id: e.id,
    partition: e.partition,
    serviceType: e.serviceType,
    services: e.services,
    program: e.program,
    visitStatus: e.visitStatus,
    sessionTime: e.sessionTime,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null)) as SessionFields;
}

/** Minutes per billing unit of the services, by id (HealthcareService.unitMinutes). */
export async function unitMinutesOf(system: SystemReader, serviceIds: Iterable<string>): Promise<Record<string, number>> {
  const ids = [...new Set(serviceIds)];
  if (ids.length === 0) return {};
  const services = await system.list<HealthcareService>('HealthcareService', { ids });
  return Object.fromEntries(services.filter((s) => s.unitMinutes).map((s) => [s.id, s.unitMinutes!]));
}

/** The service ids an encounter names (its own and each of its services'). */
export const serviceIdsOf = (e: Pick<Encounter, 'serviceType' | 'services'>): string[] =>
  [e.serviceType?.id, ...(e.services ?? []).map((s) => s.serviceType?.id)].filter((id): id is string => typeof id === 'string');

/**
 * The patient's authorisations with what their other signed sessions used, and the unit lengths
 * used to count (so the evaluator counts this session the same way).
 */
export async function authorizationBalances(
  system: SystemReader,
  patientId: string,
  authorizations: readonly AuthorizationBalance[],
  timeZone: string,
  exclude: UsageExclusion,
  extraServiceIds: readonly string[] = [],
): Promise<{ authorizations: AuthorizationBalance[]; unitMinutes: Record<string, number> }> {
  if (authorizations.length === 0) return { authorizations: [], unitMinutes: await unitMinutesOf(system, extraServiceIds) };
  const sessions = await signedSessions(system, patientId, authorizationWindow(authorizations), timeZone, exclude);
  const unitMinutes = await unitMinutesOf(system, [...extraServiceIds, ...sessions.flatMap(serviceIdsOf)]);
  return { authorizations: authorizationUsage(authorizations, sessions, { timeZone, unitMinutes }), unitMinutes };
}

/**
 * `GET Notes/_authorization-usage?patient=&note=&encounter=`: the patient's authorisations with
 * what their other signed sessions used, for the editor's live Authorization rule. The coverages
 * are read through the caller's repository (Coverage read, patient reach, audited) and the caller
 * must be able to read notes; the usage is counted as the server, and only the numbers leave.
 */
export async function authorizationUsageFor(
  scope: ResourceScope,
  patientId: string,
  exclude: UsageExclusion,
): Promise<{ authorizations: AuthorizationBalance[]; unitMinutes: Record<string, number> }> {
  scope.ctx.access.assertCan('Read', NOTE);
  const coverages = (await scope.repo.search(COVERAGE, { filters: [], partition: patientId, pageSize: 1000 })).items as Coverage[];
  const preferences = await loadPracticePreferences(scope.ctx.db, scope.ctx.practiceId);
  const authorizations = authorizationsOf(coverages);
  const serviceIds = authorizations.map((a) => a.serviceType?.id).filter((id): id is string => typeof id === 'string');
  return authorizationBalances(scope.repo.system, patientId, authorizations, practiceTimeZone(preferences), exclude, serviceIds);
}
