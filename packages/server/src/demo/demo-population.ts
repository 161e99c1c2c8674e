import { AUDIT_EVENT_TYPES, type Resource } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { currentTable } from '../storage/table-names.ts';
import { insertGenerated } from './demo-bulk-insert.ts';
import { seededFaker } from './demo-faker.ts';
import { demoId, demoResource } from './demo-ids.ts';
import { generateChart } from './demo-patients.generator.ts';
import { generateSetup, type DemoSetup } from './demo-setup.generator.ts';
import { generateStaff, type DemoStaffMember } from './demo-staff.generator.ts';

/** The seed of the demo practice; any other gives another, equally deterministic, practice. */
export const DEMO_SEED = 2026;
const BATCH = 500;
/** The types a generated chart is made of (demo-patients.generator.ts). */
const CHART_TYPES = ['Patient', 'EpisodeOfCare', 'Condition', 'Allergy', 'Medication', 'Coverage', 'RelatedPerson'];

export interface SeedOptions {
  practiceId: string;
  /** How many patients the practice should have (patients 1 to N of the seed's population). */
  patients: number;
  seed?: number;
  /** Called after each batch with the patients written so far and the target. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeededPractice {
  setup: DemoSetup;
  staff: DemoStaffMember[];
  /** Patients 1..N that this run wrote (0 when the practice already had them). */
  patientsAdded: number;
  /** Records of every type this run wrote. */
  recordsAdded: number;
}

/** The id of generated patient number `n` (1-based) of a seed's population. */
export const demoPatientId = (seed: number, n: number) => demoId(seed, 'Patient', `${n}:patient`);

/**
 * Creates or extends a generated practice population in a provisioned practice: its set-up and
 * 25 staff, then patients 1 to `patients` with their charts, in batches of 500, each batch one
 * transaction. Patients already stored are skipped (ids are derived from the seed), so running
 * it again is quick and a larger number extends a smaller population. One audit event (Import,
 * DICOM 110107) records what the run wrote.
 */
export async function seedPractice(database: Database, audit: AuditWriter, options: SeedOptions): Promise<SeededPractice> {
  const seed = options.seed ?? DEMO_SEED;
  const db = database.forRequest({ queries: 0, rows: 0, milliseconds: 0 });
  const faker = seededFaker(seed);
  const setup = generateSetup(faker, seed);
  const { staff, staffGroup } = generateStaff(faker, seed, setup);
  const preferences = demoResource(seed, 'PracticePreferences', 'practice', setup.organization.created!, {
    display: `${setup.organization.name} preferences`,
  });
  const setupRecords: Resource[] = [
    setup.organization, ...setup.payers, ...setup.districts, ...setup.programs, ...setup.locations, ...setup.services,
    ...setup.departments, staffGroup, ...staff.map((s) => s.practitioner), preferences,
  ];
  let recordsAdded = await db.transaction((tx) => insertGenerated(tx, options.practiceId, setupRecords));
  const context = { seed, setup, clinicians: staff.filter((s) => s.clinician).map((s) => s.practitioner) };
  let patientsAdded = 0;
  // One batch is written while the next is generated: PostgreSQL's work and ours overlap.
  let writing: Promise<void> = Promise.resolve();
  for (let first = 1; first <= options.patients; first += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, options.patients - first + 1) }, (_, i) => first + i);
    const stored = await storedPatients(db, options.practiceId, numbers.map((n) => demoPatientId(seed, n)));
    const missing = numbers.filter((n) => !stored.has(demoPatientId(seed, n)));
    const records = missing.flatMap((n) => generateChart(faker, context, n));
    await writing;
    const done = first + numbers.length - 1;
    writing = (async () => {
      if (records.length > 0) recordsAdded += await db.transaction((tx) => insertGenerated(tx, options.practiceId, records));
      patientsAdded += missing.length;
      options.onProgress?.(done, options.patients);
    })();
    // Awaited on the next turn; meanwhile a failure must not count as an unhandled rejection.
    writing.catch(() => {});
  }
  await writing;
  if (recordsAdded > 0) {
    // Fresh statistics for the tables just filled: until autovacuum gets to them the planner
    // thinks them nearly empty and picks scans that make the first queries slow.
    const written = new Set([...setupRecords.map((r) => r.resourceType), ...CHART_TYPES]);
    for (const type of written) await db.query(`ANALYZE ${currentTable(type)}`);
    await audit.record({
      practiceId: options.practiceId,
      event: {
        type: AUDIT_EVENT_TYPES.import,
        action: 'E',
        outcome: 'Success',
        description: `Generated population (seed ${seed}): ${patientsAdded} patients added, ${recordsAdded} records in all.`,
        agent: { who: { resourceType: 'System', id: 'caseload' } },
      },
    });
  }
  return { setup, staff, patientsAdded, recordsAdded };
}

async function storedPatients(db: Queryable, practiceId: string, ids: string[]): Promise<Set<string>> {
  const r = await db.query<{ id: string }>(`SELECT id FROM ${currentTable('Patient')} WHERE practice_id = $1 AND id = ANY($2::text[])`, [practiceId, ids]);
  return new Set(r.rows.map((row) => row.id));
}
