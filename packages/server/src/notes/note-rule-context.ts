import {
  encounterInterval,
  isKnownTimeZone,
  type Coverage,
  type Encounter,
  type Note,
  type NoteRule,
  type NoteRuleContext,
  type OtherSession,
  type Patient,
  type PracticePreferenceValues,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { currentTable } from '../storage/table-names.ts';
import { authorizationBalances, authorizationsOf, serviceIdsOf, unitMinutesOf } from './note-authorization-usage.ts';
import { loadById, loadConfiguration } from './note-workflow-context.ts';

/**
 * The practice's time zone: `timeZone` in its PracticePreferences when set and known, else
 * America/New_York (docs/notes.md: the product serves US practices; a practice elsewhere sets it).
 */
export const DEFAULT_PRACTICE_TIME_ZONE = 'America/New_York';

export function practiceTimeZone(preferences: PracticePreferenceValues): string {
  const zone = (preferences as { timeZone?: unknown }).timeZone;
  return typeof zone === 'string' && isKnownTimeZone(zone) ? zone : DEFAULT_PRACTICE_TIME_ZONE;
}

/** Other live sessions overlapping the encounter's time: the patient's, or its clinicians'. */
async function overlappingSessions(db: Queryable, practiceId: string, encounter: Encounter): Promise<OtherSession[]> {
  const interval = encounterInterval(encounter);
  if (!interval) return [];
  const clinicians = encounter.participants
    .filter((p) => p.role === 'PrimaryPerformer' || p.role === 'SecondaryPerformer')
    .map((p) => p.individual.id);
  const r = await db.query<{ body: Encounter }>(
    `SELECT body FROM ${currentTable('Encounter')}
     WHERE practice_id = $1 AND NOT is_deleted AND id <> $2
       AND body->'period'->>'start' < $4 AND body->'period'->>'end' > $3
       AND (partition = $5 OR EXISTS (
         SELECT 1 FROM jsonb_array_elements(COALESCE(body->'participants', '[]'::jsonb)) p
         WHERE p->'individual'->>'id' = ANY($6::text[])))
     LIMIT 50`,
    [practiceId, encounter.id, iso(interval.start), iso(interval.end), encounter.partition, clinicians],
  );
  return r.rows.map(({ body }) => ({
    encounterId: body.id,
    patientId: body.partition,
    clinicianIds: body.participants
      .filter((p) => p.role === 'PrimaryPerformer' || p.role === 'SecondaryPerformer')
      .map((p) => p.individual.id),
    start: body.period!.start!,
    end: body.period!.end!,
    display: body.subject?.display,
  }));
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

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
 * overlap.
 */
export async function loadRuleContext(
  db: Queryable,
  practiceId: string,
  note: Note,
  encounter: Encounter,
  now: Date,
): Promise<LoadedRuleContext> {
  const preferences = await loadPracticePreferences(db, practiceId);
  const rules = await loadConfiguration<NoteRule>(db, practiceId, 'NoteRule', "body->>'status' = 'Active'");
  const patient = await loadById<Patient>(db, practiceId, 'Patient', note.partition);
  const coverages = await loadConfiguration<Coverage>(db, practiceId, 'Coverage', 'partition = $2', [note.partition]);
  const timeZone = practiceTimeZone(preferences);
  // Authorisations are recorded on the coverage that pays for them (docs/notes.md); what the
  // patient's other signed sessions used is deducted only when a rule counts it.
  const recorded = authorizationsOf(coverages);
  const wantsUsage = rules.some((r) => r.kind === 'Authorization') && recorded.length > 0;
  const { authorizations, unitMinutes } = wantsUsage
    ? await authorizationBalances(db, practiceId, note.partition, recorded, timeZone, { noteId: note.id, encounterId: encounter.id }, serviceIdsOf(encounter))
    : { authorizations: recorded, unitMinutes: await unitMinutesOf(db, practiceId, serviceIdsOf(encounter)) };
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
    otherSessions: wantsOverlaps ? await overlappingSessions(db, practiceId, encounter) : [],
  };
  return { context, rules, preferences };
}
