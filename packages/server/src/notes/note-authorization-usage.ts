import {
  addDays,
  authorizationUsage,
  authorizationWindow,
  getResourceType,
  zonedInstant,
  type AuthorizationBalance,
  type Coverage,
  type Encounter,
  type HealthcareService,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { currentTable } from '../storage/table-names.ts';
import { practiceTimeZone } from './note-rule-context.ts';
import { NOTE, loadConfiguration } from './note-workflow-context.ts';

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

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What this note is, so it (and its encounter) never count against themselves. */
export interface UsageExclusion {
  noteId?: string;
  encounterId?: string;
}

/**
 * The encounters of the patient's other signed notes that could fall in `window` (local dates):
 * one query over the patient's partition. Signed means Final or Amended, or signed by the author
 * and awaiting its co-signature (frozen, and about to be Final); EnteredInError and unsigned notes
 * are left out. Only the fields the unit arithmetic reads leave the database; the exact window,
 * program and service matching is core's `sessionUse`.
 */
export async function signedSessions(
  db: Queryable,
  practiceId: string,
  patientId: string,
  window: { start?: string; end?: string },
  timeZone: string,
  exclude: UsageExclusion,
): Promise<Encounter[]> {
  const from = window.start ? iso(zonedInstant(window.start, '00:00', timeZone)) : null;
  const to = window.end ? iso(zonedInstant(addDays(window.end, 1), '00:00', timeZone)) : null;
  const r = await db.query<{ body: SessionFields }>(
    `SELECT DISTINCT ON (e.id) jsonb_strip_nulls(jsonb_build_object(
        'id', e.id, 'partition', e.partition, 'serviceType', e.body->'serviceType', 'services', e.body->'services',
        'program', e.body->'program', 'visitStatus', e.body->'visitStatus', 'sessionTime', e.body->'sessionTime')) AS body
     FROM ${currentTable('Note')} n
     JOIN ${currentTable('Encounter')} e
       ON e.practice_id = n.practice_id AND e.partition = n.partition AND e.id = n.body->'encounter'->>'id' AND NOT e.is_deleted
     WHERE n.practice_id = $1 AND n.partition = $2 AND NOT n.is_deleted
       AND n.id <> $3 AND e.id <> $4
       AND (n.body->>'status' IN ('Final', 'Amended')
            OR (n.body->>'status' = 'Preliminary' AND jsonb_typeof(n.body->'pendingSignatures') = 'array'
                AND jsonb_array_length(n.body->'pendingSignatures') > 0))
       AND (e.body->'period'->>'start' IS NULL OR (
            ($5::text IS NULL OR e.body->'period'->>'start' >= $5) AND ($6::text IS NULL OR e.body->'period'->>'start' < $6)))
     ORDER BY e.id`,
    [practiceId, patientId, exclude.noteId ?? '', exclude.encounterId ?? '', from, to],
  );
  return r.rows.map((row) => ({ resourceType: 'Encounter', meta: { versionId: '', lastModified: '' }, subject: { resourceType: 'Patient', id: patientId }, participants: [], ...row.body }));
}

/** Minutes per billing unit of the services, by id (HealthcareService.unitMinutes). */
export async function unitMinutesOf(db: Queryable, practiceId: string, serviceIds: Iterable<string>): Promise<Record<string, number>> {
  const ids = [...new Set(serviceIds)];
  if (ids.length === 0) return {};
  const services = await loadConfiguration<HealthcareService>(db, practiceId, 'HealthcareService', 'id = ANY($2::text[])', [ids]);
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
  db: Queryable,
  practiceId: string,
  patientId: string,
  authorizations: readonly AuthorizationBalance[],
  timeZone: string,
  exclude: UsageExclusion,
  extraServiceIds: readonly string[] = [],
): Promise<{ authorizations: AuthorizationBalance[]; unitMinutes: Record<string, number> }> {
  if (authorizations.length === 0) return { authorizations: [], unitMinutes: await unitMinutesOf(db, practiceId, extraServiceIds) };
  const sessions = await signedSessions(db, practiceId, patientId, authorizationWindow(authorizations), timeZone, exclude);
  const unitMinutes = await unitMinutesOf(db, practiceId, [...extraServiceIds, ...sessions.flatMap(serviceIdsOf)]);
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
  return authorizationBalances(scope.ctx.db, scope.ctx.practiceId, patientId, authorizations, practiceTimeZone(preferences), exclude, serviceIds);
}
