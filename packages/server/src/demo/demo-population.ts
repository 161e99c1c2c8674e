import { setImmediate } from 'node:timers/promises';
import type { Resource } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { systemImportAudit } from '../audit/system-audit.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { Database, Queryable } from '../db/database.ts';
import { seedBuiltInQuestionnaires } from '../questionnaires/built-in-questionnaires.ts';
import { analyzeTables, insertGenerated } from '../storage/bulk-insert.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { seedActivity } from './demo-activity.ts';
import { demoCalendar } from './demo-calendar.ts';
import { ACTIVITY_PATIENTS, chartFacts, type ChartFacts } from './demo-caseloads.ts';
import { seededFaker } from './demo-faker.ts';
import { demoId, demoResource } from './demo-ids.ts';
import { demoNoteConfiguration } from './demo-note-configuration.ts';
import { writeNoteConfiguration } from './demo-note-configuration.writer.ts';
import { generateChart } from './demo-patients.generator.ts';
import { demoPacketPatients, writePacketsDemo, writeSentPacketsDemo } from './demo-packets.ts';
import { writeDocumentsDemo } from './demo-documents.ts';
import { writePortalDemo } from './demo-portal.ts';
import { writeScribeDemo } from './demo-scribe.ts';
import { writeSpeechRulesDemo } from './demo-speech-rules.ts';
import { generateSetup, type DemoSetup } from './demo-setup.generator.ts';
import { generateStaff, type DemoStaffMember } from './demo-staff.generator.ts';
import { DEMO_SCRIBE_FORMAT_CONFIGURATIONS } from './demo-scribe-formats.ts';

/** The seed of the demo practice; any other gives another, equally deterministic, practice. */
export const DEMO_SEED = 2026;
const BATCH = 500;
/** The types a generated practice is made of, analysed once written. */
const WRITTEN_TYPES = [
  'Patient',
  'EpisodeOfCare',
  'Condition',
  'Allergy',
  'Medication',
  'Coverage',
  'RelatedPerson',
  'Encounter',
  'Note',
  'QuestionnaireResponse',
  'CarePlan',
  'CarePlanSession',
  'CarePlanOutcome',
  'Appointment',
  'Schedule',
  'Itinerary',
  'NoteDefinition',
  'NoteTemplate',
  'NoteRule',
  'SignatureConfiguration',
  'Form',
];

export interface SeedOptions {
  practiceId: string;
  /** How many patients the practice should have (patients 1 to N of the seed's population). */
  patients: number;
  seed?: number;
  /** The moment the practice is generated for: its clinical work lies in the weeks before that day (now when absent). */
  asOf?: Date;
  /** Where stored content goes (the server's content store): the demo's drawn signatures. */
  content: ContentStore;
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
 * Creates or extends a generated practice in a provisioned practice (docs/demo.md): its set-up
 * and 25 staff; its notes set-up, written through the repository; patients 1 to `patients` with
 * their charts, in batches of 500, each batch one transaction; then the weeks of clinical work of
 * the first thousand, and the portal patient's forms. What is stored already is skipped (ids are derived from the seed), so
 * running it again is quick and a larger number extends a smaller population. One audit event
 * (Import, DICOM 110107) records what the run wrote.
 */
export async function seedPractice(database: Database, audit: AuditWriter, options: SeedOptions): Promise<SeededPractice> {
  const seed = options.seed ?? DEMO_SEED;
  const { practiceId } = options;
  // Long work: batches of 500 charts, and ANALYZE of the tables they fill.
  const db = database.forLongWork();
  const faker = seededFaker(seed);
  const setup = generateSetup(faker, seed);
  const { staff, staffGroup } = generateStaff(faker, seed, setup);
  const calendar = demoCalendar(options.asOf ?? new Date(), setup.timeZone);
  const preferences = demoResource(seed, 'PracticePreferences', 'practice', setup.organization.created!, {
    display: `${setup.organization.name} preferences`,
    practiceName: setup.organization.name,
    timeZone: setup.timeZone,
    // The demo books in Caseload (docs/demo.md, "Scheduling"), and those bookings satisfy "appointment required".
    appointmentCreation: true,
    appointmentCreationSatisfiesValidations: true,
    scribeFormatConfigurations: DEMO_SCRIBE_FORMAT_CONFIGURATIONS,
    // Its intake packets, sent by e-mail, hold a consent each: patients sign them on their phones.
    allowMobilePatientSignature: true,
  });
  const setupRecords: Resource[] = [
    setup.organization,
    ...setup.payers,
    ...setup.districts,
    ...setup.programs,
    ...setup.locations,
    ...setup.services,
    ...setup.departments,
    staffGroup,
    ...staff.map((s) => s.practitioner),
    preferences,
  ];
  let recordsAdded = await db.transaction((tx) => insertGenerated(tx, practiceId, setupRecords));
  await seedBuiltInQuestionnaires(database, audit, practiceId);
  const config = demoNoteConfiguration(seed, setup, staff.find((s) => s.signIn && s.role === 'Practitioner')!.practitioner);
  recordsAdded += await writeNoteConfiguration(database, audit, practiceId, config, calendar);

  const context = { seed, setup, clinicians: staff.filter((s) => s.clinician).map((s) => s.practitioner) };
  const activePatients = Math.min(options.patients, ACTIVITY_PATIENTS);
  const charts = new Map<number, ChartFacts>();
  let patientsAdded = 0;
  // One batch is written while the next is generated: PostgreSQL's work and ours overlap.
  let writing: Promise<void> = Promise.resolve();
  for (let first = 1; first <= options.patients; first += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, options.patients - first + 1) }, (_, i) => first + i);
    const stored = await storedPatients(
      db,
      practiceId,
      numbers.map((n) => demoPatientId(seed, n)),
    );
    const records: Resource[] = [];
    for (const n of numbers) {
      const missing = !stored.has(demoPatientId(seed, n));
      if (!missing && n > activePatients) continue;
      const chart = generateChart(faker, context, n);
      if (n <= activePatients) charts.set(n, chartFacts(n, chart, calendar.today));
      if (missing) records.push(...chart);
      // Turns for the batch being written meanwhile.
      if (n % 25 === 0) await setImmediate();
    }
    const added = numbers.length - stored.size;
    await writing;
    const done = first + numbers.length - 1;
    writing = (async () => {
      if (records.length > 0) recordsAdded += await db.transaction((tx) => insertGenerated(tx, practiceId, records));
      patientsAdded += added;
      options.onProgress?.(done, options.patients);
    })();
    // Awaited on the next turn; meanwhile a failure must not count as an unhandled rejection.
    writing.catch(() => {});
  }
  await writing;
  recordsAdded += await seedActivity(db, faker, { practiceId, seed, setup, staff, calendar, config, charts: [...charts.values()] });
  // The portal sign-in's forms (patient number 1): assigned ones to fill in, and those she sent.
  const portalPatient = charts.get(1)?.patient;
  if (portalPatient) {
    const patient = { resourceType: 'Patient', id: portalPatient.id, ...(portalPatient.display && { display: portalPatient.display }) };
    recordsAdded += await writePortalDemo(database, audit, { practiceId, seed, calendar, patient });
    // Two scribe sessions of hers, drafted by the clinician who holds the demo sign-in.
    const clinician = staff.find((s) => s.clinician && s.signIn)?.practitioner;
    if (clinician) {
      const author = { resourceType: 'Practitioner', id: clinician.id, ...(clinician.display && { display: clinician.display }) };
      recordsAdded += await writeScribeDemo(database, audit, { practiceId, seed, calendar, patient, clinician: author });
      recordsAdded += await writeSpeechRulesDemo(database, audit, { practiceId, seed, clinician: author });
      // Her documents: two shared with her portal, one the care team keeps (demo-documents.ts).
      recordsAdded += await writeDocumentsDemo(database, audit, {
        practiceId,
        seed,
        calendar,
        patient,
        clinician: author,
        content: options.content,
      });
    }
  }
  // The intake packets (after the portal's pre-visit questionnaire, which the adult packet holds).
  recordsAdded += await writePacketsDemo(database, audit, practiceId, seed, calendar);
  // Reviewed by the clinician who holds the demo sign-in (Case Management).
  const reviewer = staff.find((s) => s.clinician && s.signIn)?.practitioner;
  recordsAdded += await writeSentPacketsDemo(database, audit, {
    practiceId,
    seed,
    calendar,
    patients: demoPacketPatients(charts),
    content: options.content,
    ...(reviewer && {
      reviewer: { resourceType: 'Practitioner', id: reviewer.id, ...(reviewer.display && { display: reviewer.display }) },
    }),
  });

  if (recordsAdded > 0) {
    // Fresh statistics for the tables just filled.
    await analyzeTables(db, new Set([...setupRecords.map((r) => r.resourceType), ...WRITTEN_TYPES]));
    await audit.record(
      systemImportAudit(
        practiceId,
        `Generated population (seed ${seed}): ${patientsAdded} patients added, ${recordsAdded} records in all.`,
      ),
    );
  }
  return { setup, staff, patientsAdded, recordsAdded };
}

async function storedPatients(db: Queryable, practiceId: string, ids: string[]): Promise<Set<string>> {
  return new SystemReader(db, practiceId).storedIds('Patient', ids, { includeDeleted: true });
}
