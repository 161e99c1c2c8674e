import { setImmediate } from 'node:timers/promises';
import { GAD7_ID, PHQ9_ID, type Questionnaire, type SignatureConfiguration } from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import type { Queryable, RequestDatabase } from '../db/database.ts';
import { insertGenerated, type GeneratedRecord } from '../storage/bulk-insert.ts';
import { SystemReader } from '../storage/system-reader.ts';
import type { DemoCalendar } from './demo-calendar.ts';
import { demoItineraries, demoSchedules } from './demo-appointments.generator.ts';
import { documentingClinicians, planCaseloads, type CaseloadEntry, type CaseloadPlan, type ChartFacts } from './demo-caseloads.ts';
import { generateGroupSessions } from './demo-group-sessions.generator.ts';
import type { DemoNoteConfiguration } from './demo-note-configuration.ts';
import type { ActivityContext } from './demo-note-life.ts';
import { generateSessions } from './demo-sessions.generator.ts';
import type { DemoSetup } from './demo-setup.generator.ts';
import type { DemoStaffMember } from './demo-staff.generator.ts';

/** Patients' activity per transaction. */
const PATIENTS_PER_TRANSACTION = 100;

export interface ActivityInput {
  practiceId: string;
  seed: number;
  setup: DemoSetup;
  staff: DemoStaffMember[];
  calendar: DemoCalendar;
  config: DemoNoteConfiguration;
  /** The facts of the charts of patients 1 to ACTIVITY_PATIENTS (or all, when fewer). */
  charts: ChartFacts[];
}

/**
 * The weeks of clinical work of the documenting clinicians' patients (docs/demo.md): sessions
 * with their encounters, notes in every state and PHQ-9/GAD-7 responses, and the weekly skills
 * group. Generated for each patient whose chart has no note yet, so a second run adds nothing and
 * a larger one adds the new patients' work; bulk-inserted in the storage layer's row format with
 * every version of each note. Reads what signing reads: the published signature configurations
 * and the built-in questionnaires as stored (responses pin their version). Answers how many
 * records it wrote.
 */
export async function seedActivity(db: RequestDatabase, faker: Faker, input: ActivityInput): Promise<number> {
  const ctx = await activityContext(db, faker, input);
  const documented = await chartsWithNotes(db, input.practiceId);
  const entries = [...ctx.plan.entries.values()].filter((e) => !documented.has(e.facts.patient.id));
  let written = 0;
  // One batch is written while the next is generated, as the patients are (demo-population.ts):
  // generation yields after each patient, so the batch in flight gets its turns meanwhile.
  let writing: Promise<void> = Promise.resolve();
  for (let i = 0; i < entries.length; i += PATIENTS_PER_TRANSACTION) {
    const records: GeneratedRecord[] = [];
    for (const entry of entries.slice(i, i + PATIENTS_PER_TRANSACTION)) {
      records.push(...generateActivity(faker, ctx, entry));
      await setImmediate();
    }
    await writing;
    writing = db
      .transaction((tx) => insertGenerated(tx, input.practiceId, records))
      .then((n) => {
        written += n;
      });
    // Awaited on the next turn; meanwhile a failure must not count as an unhandled rejection.
    writing.catch(() => {});
  }
  await writing;
  return written + (await seedScheduling(db, input, ctx.plan));
}

/** The clinicians' schedules and the case managers' itineraries for today (those not stored yet). */
async function seedScheduling(db: RequestDatabase, input: ActivityInput, plan: CaseloadPlan): Promise<number> {
  const records = [
    ...demoSchedules(input.seed, input.setup, documentingClinicians(input.staff, input.calendar), input.calendar),
    ...demoItineraries(input.seed, plan, input.calendar),
  ];
  const reader = new SystemReader(db, input.practiceId);
  const stored = new Set([
    ...(await reader.storedIds(
      'Schedule',
      records.filter((r) => r.resourceType === 'Schedule').map((r) => r.id),
      { includeDeleted: true },
    )),
    ...(await reader.storedIds(
      'Itinerary',
      records.filter((r) => r.resourceType === 'Itinerary').map((r) => r.id),
      { includeDeleted: true },
    )),
  ]);
  const fresh = records.filter((r) => !stored.has(r.id));
  return fresh.length ? db.transaction((tx) => insertGenerated(tx, input.practiceId, fresh)) : 0;
}

/** One patient's sessions and group sessions: their records, each with its versions. */
export const generateActivity = (faker: Faker, ctx: ActivityContext, entry: CaseloadEntry): GeneratedRecord[] => [
  ...generateSessions(faker, ctx, entry),
  ...generateGroupSessions(faker, ctx, entry),
];

/** What the activity is generated from: the caseloads, and the configuration as stored in the practice. */
export async function activityContext(db: Queryable, faker: Faker, input: ActivityInput): Promise<ActivityContext> {
  const { practiceId } = input;
  return {
    seed: input.seed,
    calendar: input.calendar,
    setup: input.setup,
    config: input.config,
    signatureConfigurations: (await new SystemReader(db, practiceId).list<SignatureConfiguration>('SignatureConfiguration')).filter(
      (c) => c.status === 'Active',
    ),
    instruments: { phq9: await instrument(db, practiceId, PHQ9_ID), gad7: await instrument(db, practiceId, GAD7_ID) },
    plan: planCaseloads(faker, input.seed, input.charts, input.staff, input.calendar),
  };
}

async function chartsWithNotes(db: Queryable, practiceId: string): Promise<Set<string>> {
  return new Set(await new SystemReader(db, practiceId).partitions('Note', { includeDeleted: true }));
}

async function instrument(db: Queryable, practiceId: string, id: string): Promise<Questionnaire> {
  const found = await new SystemReader(db, practiceId).get<Questionnaire>('Questionnaire', id);
  if (!found) throw new Error(`The built-in questionnaire ${id} is not stored in ${practiceId}.`);
  return found;
}
