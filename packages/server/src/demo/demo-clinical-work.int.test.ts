import { randomUUID } from 'node:crypto';
import {
  CARE_PLAN_SCHEMAS,
  NOTE_SCHEMAS,
  carePlanContentHash,
  carePlanStructureIssues,
  type CarePlan,
  type CarePlanOutcome,
  type CarePlanSession,
  SCHEDULING_SCHEMAS,
  blockingResults,
  daysBetween,
  evaluateNoteRules,
  localDate,
  localParts,
  noteContentHash,
  prepareAnswers,
  scoreAssessment,
  validateResponse,
  validateWithSchema,
  type Appointment,
  type Encounter,
  type Itinerary,
  type Schedule,
  type Note,
  type NoteDefinition,
  type PacketResponse,
  type Questionnaire,
  type QuestionnaireResponse,
  type Resource,
} from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { loadRuleContext } from '../notes/note-rule-context.ts';
import { systemAccess } from '../storage/system-repository.ts';
import { activityContext, generateActivity } from './demo-activity.ts';
import { demoCalendar, localInstant } from './demo-calendar.ts';
import { chartFacts, documentingClinicians } from './demo-caseloads.ts';
import { seededFaker } from './demo-faker.ts';
import { demoNoteConfiguration, MENTAL_STATUS_ANSWERS } from './demo-note-configuration.ts';
import { generateChart } from './demo-patients.generator.ts';
import { DEMO_SEED } from './demo-population.ts';
import { DEMO_PASSWORD, createDemoPractice, demoSignIns } from './demo-practice.ts';
import { generateSetup } from './demo-setup.generator.ts';
import { generateStaff } from './demo-staff.generator.ts';

/**
 * The demo practice's clinical work (docs/demo.md), record by record, at 200 patients generated as
 * of a fixed day: notes in every state by every documenting clinician, sessions in working hours
 * that never overlap, signed notes complete and signable under the practice's own rules as
 * they stood, signatures over what was signed, PHQ-9 and GAD-7 trends, the weekly group, and the
 * same records from the same seed and day.
 */

let t: TestServer;
const practiceId = `demo-work-${randomUUID().slice(0, 8)}`;
const PATIENTS = 200;
const AS_OF = new Date('2026-11-20T22:00:00Z');
let seeded: Awaited<ReturnType<typeof createDemoPractice>>;

async function stored<T = Resource>(type: string): Promise<T[]> {
  const table = `r_${type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`;
  const r = await t.server.app.db.pool.query<{ body: T }>(`SELECT body FROM ${table} WHERE practice_id = $1 ORDER BY id`, [practiceId]);
  return r.rows.map((row) => row.body);
}

/**
 * What the scribe's demo wrote (demo-scribe.ts, apart from the clinical work, through the scribe's
 * own calls): its sessions, their drafted notes and the encounters they were recorded on.
 */
async function scribeWritten(): Promise<Set<string>> {
  const notes = (await stored<Note & { generation?: unknown }>('Note')).filter((n) => n.kind === 'ScribeSession' || n.generation);
  return new Set(notes.flatMap((n) => [n.id, ...(n.encounter ? [n.encounter.id] : [])]));
}

/** The ids whose current row is a tombstone (a delete's, as the repository marks it). */
async function deletedIds(type: string): Promise<Set<string>> {
  const table = `r_${type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`;
  const r = await t.server.app.db.pool.query<{ id: string }>(`SELECT id FROM ${table} WHERE practice_id = $1 AND is_deleted`, [practiceId]);
  return new Set(r.rows.map((row) => row.id));
}

/** Every version of every note, oldest first, by note id. */
async function noteHistories(): Promise<Map<string, Note[]>> {
  const r = await t.server.app.db.pool.query<{ id: string; body: Note }>(
    'SELECT id, body FROM r_note_history WHERE practice_id = $1 ORDER BY id, version_seq',
    [practiceId],
  );
  const byId = new Map<string, Note[]>();
  for (const { id, body } of r.rows) byId.set(id, [...(byId.get(id) ?? []), body]);
  return byId;
}

const stateOf = (n: Note) => (n.status === 'Preliminary' ? (n.pendingSignatures?.length ? 'awaiting co-signature' : 'unsigned') : n.status);
const text = (html: string | undefined) => (html ?? '').replace(/<[^>]+>/g, '').trim();

beforeAll(async () => {
  t = await startTestServer();
  seeded = await createDemoPractice(t.server.app.db, t.server.app.audit, t.server.app.practices, t.server.app.content, {
    practiceId,
    patients: PATIENTS,
    domain: `${practiceId}.test`,
    asOf: AS_OF,
  });
});
afterAll(() => t?.close());

describe('the clinical work', () => {
  it('has notes of every kind in every state: signed, unsigned, awaiting co-signature, amended, entered in error', async () => {
    const notes = await stored<Note>('Note');
    const states = new Set(notes.map(stateOf));
    expect([...states].sort()).toEqual(['Amended', 'EnteredInError', 'Final', 'awaiting co-signature', 'unsigned']);
    expect(new Set(notes.map((n) => n.kind))).toEqual(
      new Set(['Note', 'AssessmentNote', 'GroupNote', 'DocumentationNote', 'ScribeSession']),
    );
    const calendar = demoCalendar(AS_OF, seeded.setup.timeZone);
    for (const clinician of documentingClinicians(seeded.staff, calendar)) {
      expect(notes.filter((n) => n.author.id === clinician.practitioner.id).length, clinician.practitioner.display).toBeGreaterThan(5);
    }
    // Drafts are recent; what waits for a co-signature was written by someone unlicensed.
    for (const n of notes.filter((x) => stateOf(x) === 'unsigned'))
      expect(daysBetween(n.encounterDate!.slice(0, 10), calendar.today)).toBeLessThanOrEqual(22);
    const unlicensed = new Set(seeded.staff.filter((s) => s.practitioner.licences?.length === 0).map((s) => s.practitioner.id));
    for (const n of notes.filter((x) => stateOf(x) === 'awaiting co-signature')) expect(unlicensed).toContain(n.author.id);
  });

  it(
    'dates every session on a weekday of the twelve weeks before ' + 'the day, in working hours, and no clinician has two at once',
    async () => {
      const { today, firstDay, timeZone } = demoCalendar(AS_OF, seeded.setup.timeZone);
      const encounters = await stored<Encounter>('Encounter');
      const byClinician = new Map<string, Encounter[]>();
      for (const e of encounters) {
        const start = new Date(e.period!.start!);
        const local = localParts(start, timeZone);
        expect(localDate(start, timeZone) >= firstDay && localDate(start, timeZone) < today, e.period!.start).toBe(true);
        expect([1, 2, 3, 4, 5]).toContain(local.weekday);
        expect(local.hour).toBeGreaterThanOrEqual(8);
        expect(local.hour).toBeLessThan(19);
        if (e.groupSession) continue;
        const id = e.participants.find((p) => p.role === 'PrimaryPerformer')!.individual.id;
        byClinician.set(id, [...(byClinician.get(id) ?? []), e]);
      }
      for (const list of byClinician.values()) {
        list.sort((a, b) => (a.period!.start! < b.period!.start! ? -1 : 1));
        for (let i = 1; i < list.length; i++) expect(list[i]!.period!.start! >= list[i - 1]!.period!.end!, list[i]!.id).toBe(true);
      }
    },
  );

  it(
    "signed every note complete, passing the practice's rules as " + 'they stood at signing, each signature over the content signed',
    async () => {
      const db = t.server.app.db.pool;
      const definitions = new Map((await stored<NoteDefinition>('NoteDefinition')).map((d) => [d.id, d]));
      const encounters = new Map((await stored<Encounter>('Encounter')).map((e) => [e.id, e]));
      const histories = await noteHistories();
      let signed = 0;
      for (const [id, versions] of histories) {
        const at = versions.findIndex((v) => v.signatures?.some((s) => s.role === 'Author'));
        if (at === -1) continue;
        signed++;
        const before = versions[at - 1]!;
        const version = versions[at]!;
        const encounter = encounters.get(before.encounter.id)!;
        const author = version.signatures!.find((s) => s.role === 'Author')!;
        expect(author.contentHash).toBe(noteContentHash(before));
        expect(version.completion).toBe('Complete');
        for (const section of definitions.get(before.definition!.id)!.sections.filter((s) => s.required)) {
          const written = before.sections.find((s) => s.key === section.key);
          const filled =
            section.kind === 'Narrative'
              ? text(written?.narrative) !== ''
              : section.kind === 'Form'
                ? Object.keys((written?.answers?.[MENTAL_STATUS_ANSWERS] ?? {}) as object).length >= 8
                : Object.keys(written?.answers ?? {}).length >= 7;
          expect(filled, `${id} ${section.key}`).toBe(true);
        }
        const { context, rules } = await loadRuleContext(
          db,
          { practiceId, access: systemAccess(practiceId) },
          before,
          encounter,
          new Date(author.signedAt),
        );
        expect(blockingResults(evaluateNoteRules(rules, context)), id).toEqual([]);
        const amendment = versions.at(-1)!.amendments?.[0];
        if (amendment) expect(versions.some((v) => v.meta.versionId === amendment.previousVersionId && v.status === 'Final')).toBe(true);
      }
      expect(signed).toBeGreaterThan(200);
    },
  );

  it('fits the schemas the server checks every write against, every version of every note', async () => {
    const today = localDate(AS_OF, seeded.setup.timeZone);
    const check = (type: string, record: Resource) =>
      expect(validateWithSchema(NOTE_SCHEMAS[type]!, record, { strict: true, context: { today } }), `${type} ${record.id}`).toEqual([]);
    for (const versions of (await noteHistories()).values()) for (const v of versions) check('Note', v);
    for (const type of ['Encounter', 'NoteDefinition', 'NoteTemplate', 'NoteRule', 'SignatureConfiguration']) {
      for (const record of await stored(type)) check(type, record);
    }
  });

  it('has PHQ-9 and GAD-7 responses over several dates per patient, improving, worsening and flat, and one item-9 alert', async () => {
    const questionnaires = new Map((await stored<Questionnaire>('Questionnaire')).map((q) => [q.id, q]));
    // What the chart's list and trend read: responses withdrawn with their note left it.
    const responses = (await stored<QuestionnaireResponse>('QuestionnaireResponse')).filter((r) => !r.meta.isDeleted);
    const phq9 = new Map<string, QuestionnaireResponse[]>();
    for (const r of responses) {
      const q = questionnaires.get(r.questionnaire.id)!;
      expect(r.questionnaire.versionId).toBe(q.meta.versionId);
      expect(validateResponse(q, r), r.id).toEqual([]);
      expect(r.score).toEqual(scoreAssessment(q, prepareAnswers(q, r.answers)));
      // The courses are the clinicians' measurements; the portal patient's own forms are not part of them.
      if (q.id === 'phq-9' && r.author?.resourceType !== 'Patient') phq9.set(r.partition, [...(phq9.get(r.partition) ?? []), r]);
    }
    const courses = [...phq9.values()]
      .filter((list) => new Set(list.map((r) => r.authored!.slice(0, 10))).size >= 3)
      .map((list) => list.sort((a, b) => (a.authored! < b.authored! ? -1 : 1)).map((r) => r.score!.total))
      .map((totals) => totals.at(-1)! - totals[0]!);
    expect(courses.length).toBeGreaterThan(10);
    expect(courses.some((d) => d <= -4)).toBe(true);
    expect(courses.some((d) => d >= 4)).toBe(true);
    expect(courses.some((d) => Math.abs(d) <= 2)).toBe(true);
    expect(responses.filter((r) => r.score?.alerts?.length).length).toBe(1);
  });

  it(
    'records the assessments of each signed note as the sign call does: one ' +
      'response per questionnaire, linked to the version signed, with its answers',
    async () => {
      const questionnaires = new Map((await stored<Questionnaire>('Questionnaire')).map((q) => [q.id, q]));
      const encounters = new Map((await stored<Encounter>('Encounter')).map((e) => [e.id, e]));
      const histories = await noteHistories();
      const responses = await stored<QuestionnaireResponse>('QuestionnaireResponse');
      const deleted = await deletedIds('QuestionnaireResponse');
      const byNote = new Map<string, QuestionnaireResponse[]>();
      // The portal patient's own forms (author: the patient, docs/portal.md) are theirs, not a note's;
      // so are the parts of the packets sent to patients (counted apart: one per part of a packet).
      const byStaff = responses.filter((r) => r.author?.resourceType !== 'Patient' && r.author?.resourceType !== 'RelatedPerson');
      const inPackets = responses.filter((r) => (r as { packetResponse?: unknown }).packetResponse);
      expect(responses.length - byStaff.length - inPackets.length).toBeLessThan(10);
      for (const r of byStaff) {
        // No response staff recorded in the demo stands alone: each is a signed note's.
        expect(r.derivedFrom, r.id).toBeDefined();
        byNote.set(r.derivedFrom!.note.id, [...(byNote.get(r.derivedFrom!.note.id) ?? []), r]);
      }
      const seen = { signed: 0, unsigned: 0, amended: 0, enteredInError: 0 };
      for (const [id, versions] of histories) {
        const current = versions.at(-1)!;
        const recorded = byNote.get(id) ?? [];
        const signedAt = versions.findIndex((v) => v.signatures?.some((s) => s.role === 'Author'));
        const answered = versions[Math.max(signedAt, 0)]!.sections.filter(
          (s) => s.kind === 'Assessment' && Object.keys(s.answers ?? {}).length > 0,
        );
        if (signedAt === -1) {
          seen.unsigned++;
          expect(recorded, `unsigned ${id}`).toEqual([]);
          continue;
        }
        expect(recorded.map((r) => r.derivedFrom!.section).sort(), id).toEqual(answered.map((s) => s.key).sort());
        if (answered.length === 0) continue;
        seen.signed++;
        // The version whose answers the responses hold: the amended one, else the one the author signed.
        const source = current.status === 'Amended' ? current : versions[signedAt]!;
        const encounter = encounters.get(current.encounter.id)!;
        for (const r of recorded) {
          const q = questionnaires.get(r.questionnaire.id)!;
          const section = source.sections.find((s) => s.key === r.derivedFrom!.section)!;
          expect(r).toMatchObject({
            partition: current.partition,
            subject: current.subject,
            encounter: current.encounter,
            author: current.author,
            authored: encounter.period!.start,
            completion: 'Complete',
            answers: prepareAnswers(q, section.answers!),
            created: versions[signedAt]!.meta.lastModified,
            derivedFrom: {
              note: { resourceType: 'Note', id, versionId: source.meta.versionId, display: current.title },
              section: section.key,
            },
          });
          expect(r.questionnaire).toEqual({ resourceType: 'Questionnaire', id: q.id, versionId: q.meta.versionId, display: q.title });
          expect(r.meta.lastModifiedBy).toEqual({ resourceType: 'Practitioner', id: current.author.id });
          // Withdrawn with a note entered in error (a tombstone, reads answer 410), else in the chart.
          expect(deleted.has(r.id), r.id).toBe(current.status === 'EnteredInError');
          expect(r.meta.isDeleted ?? false).toBe(current.status === 'EnteredInError');
        }
        if (current.status === 'Amended') seen.amended++;
        if (current.status === 'EnteredInError') seen.enteredInError++;
      }
      expect(seen.signed).toBeGreaterThan(100);
      expect(seen.unsigned).toBeGreaterThan(0);
      expect(seen.amended).toBeGreaterThan(0);
      expect(seen.enteredInError).toBeGreaterThan(0);
    },
  );

  it('runs a weekly group: one session per week shared by its members, each with a group note', async () => {
    const notes = (await stored<Note>('Note')).filter((n) => n.kind === 'GroupNote');
    const sessions = new Map<string, Note[]>();
    for (const n of notes) sessions.set(n.groupSession!.id, [...(sessions.get(n.groupSession!.id) ?? []), n]);
    expect(sessions.size).toBe(12);
    for (const members of sessions.values()) {
      expect(members.length).toBe(members[0]!.groupSession!.attendeeCount);
      const shared = members.map((n) => n.sections.find((s) => s.shared)!.narrative);
      expect(new Set(shared).size).toBe(1);
    }
  });
});

describe('care plans and the golden thread', () => {
  it('gives many patients a signed, well-formed active plan; sessions address its goals with progress; a few are past review', async () => {
    const today = localDate(AS_OF, seeded.setup.timeZone);
    const plans = await stored<CarePlan>('CarePlan');
    expect(plans.length).toBeGreaterThan(50);
    for (const plan of plans) {
      expect(validateWithSchema(CARE_PLAN_SCHEMAS.CarePlan, plan, { strict: true, context: { today } }), plan.id).toEqual([]);
      expect(carePlanStructureIssues(plan), plan.id).toEqual([]);
      // The newest signature is over the content as it is: the clinician's, or a revision's.
      expect(plan.signatures!.at(-1)!.contentHash).toBe(carePlanContentHash(plan));
    }
    // Some plans were revised with a reason; the version signed before stays readable in history.
    const revised = plans.filter((p) => p.revisions?.length);
    expect(revised.length).toBeGreaterThan(2);
    for (const plan of revised.slice(0, 3)) {
      const { rows } = await t.server.app.db.pool.query<{ body: CarePlan }>(
        'SELECT body FROM r_care_plan_history WHERE practice_id = $1 AND id = $2 AND version_id = $3',
        [practiceId, plan.id, plan.revisions![0]!.previousVersionId],
      );
      const previous = rows[0]!.body;
      expect(plan.signatures![0]!.contentHash).toBe(carePlanContentHash(previous));
      expect(previous.elements.length).toBe(plan.elements.length - 1);
    }
    // Beyond the clinician's signature (demo-care-plan-signatures.ts): the patient's on some plans,
    // and a supervisor's co-signature, given or owed, on plans of unlicensed clinicians only.
    expect(plans.filter((p) => p.signatures!.some((x) => x.role === 'Patient')).length).toBeGreaterThan(5);
    const supervised = plans.filter(
      (p) => p.signatures!.some((x) => x.role === 'CoSigner') || p.pendingSignatures?.some((x) => x.role === 'CoSigner'),
    );
    expect(supervised.length).toBeGreaterThan(0);
    const unlicensedIds = new Set(seeded.staff.filter((x) => x.practitioner.licences?.length === 0).map((x) => x.practitioner.id));
    for (const p of supervised) expect(unlicensedIds).toContain(p.author!.id);
    const overdue = plans.filter((p) => p.reviewDate! < today);
    expect(overdue.length).toBeGreaterThan(2);
    expect(overdue.length).toBeLessThan(plans.length / 4);

    const byId = new Map(plans.map((p) => [p.id, p]));
    const encounters = (await stored<Encounter>('Encounter')).filter((e) => e.carePlanActivities?.length);
    expect(encounters.length).toBeGreaterThan(plans.length);
    for (const e of encounters) {
      expect(validateWithSchema(NOTE_SCHEMAS.Encounter!, e, { strict: true, context: { today } }), e.id).toEqual([]);
      for (const a of e.carePlanActivities!) {
        const plan = byId.get(a.carePlan.id)!;
        expect(plan.partition).toBe(e.partition);
        expect(plan.elements.some((el) => el.id === a.element && el.kind !== 'Intervention')).toBe(true);
      }
    }
    const progress = new Set(encounters.flatMap((e) => e.carePlanActivities!.map((a) => a.progress)));
    expect([...progress].sort()).toEqual(['Achieved', 'InProgress', 'NotAchieved']);

    const sessions = await stored<CarePlanSession>('CarePlanSession');
    expect(sessions.length).toBeGreaterThan(10);
    for (const s of sessions)
      expect(validateWithSchema(CARE_PLAN_SCHEMAS.CarePlanSession, s, { strict: true, context: { today } }), s.id).toEqual([]);
  });

  it('turns the PHQ-9 and GAD-7 responses after a plan into its outcomes, which the session notes derive from', async () => {
    const responses = new Map((await stored<QuestionnaireResponse>('QuestionnaireResponse')).map((r) => [r.id, r]));
    const outcomes = await stored<CarePlanOutcome>('CarePlanOutcome');
    expect(outcomes.length).toBeGreaterThan(50);
    for (const o of outcomes) {
      const response = responses.get(o.response!.id)!;
      expect(o.value).toBe(response.score!.total);
      expect(o.partition).toBe(response.partition);
    }
    const outcomeIds = new Set(outcomes.map((o) => o.id));
    const deriving = (await stored<Note>('Note')).filter((n) => n.derivedFrom?.length);
    expect(deriving.length).toBeGreaterThan(20);
    for (const n of deriving) for (const ref of n.derivedFrom!) expect(outcomeIds.has(ref.id)).toBe(true);
  });
});

describe('determinism', () => {
  it(
    'books the sessions: appointments in every status, linked from ' + 'their encounters, series ahead, schedules and itineraries',
    async () => {
      const appointments = await stored<Appointment>('Appointment');
      const encounters = await stored<Encounter>('Encounter');
      const byId = new Map(appointments.map((a) => [a.id, a]));
      const scribe = await scribeWritten();
      const individual = encounters.filter((e) => !e.groupSession && !scribe.has(e.id));
      expect(individual.length).toBeGreaterThan(0);
      for (const e of individual) {
        const linked = byId.get(e.appointment!.id)!;
        expect(linked, e.id).toBeDefined();
        expect([linked.partition, linked.start, linked.owner.id]).toEqual([e.partition, e.period!.start, e.participants[0]!.individual.id]);
        expect(['fulfilled', 'arrived']).toContain(linked.status);
      }
      const statuses = new Set(appointments.map((a) => a.status));
      for (const status of ['fulfilled', 'arrived', 'cancelled', 'noshow', 'booked']) expect(statuses, status).toContain(status);
      const series = appointments.filter((a) => a.recurrence);
      expect(series.length).toBeGreaterThan(10);
      const today = localDate(AS_OF, 'America/New_York');
      expect(series.every((a) => a.start >= `${today}T00:00:00Z`.slice(0, 10))).toBe(true);
      for (const a of appointments) expect(validateWithSchema(SCHEDULING_SCHEMAS.Appointment, a, { strict: true }), a.id).toEqual([]);
      const schedules = await stored<Schedule>('Schedule');
      expect(schedules.length).toBeGreaterThan(0);
      for (const s of schedules) expect(validateWithSchema(SCHEDULING_SCHEMAS.Schedule, s, { strict: true })).toEqual([]);
      const itineraries = await stored<Itinerary>('Itinerary');
      expect(itineraries.length).toBeGreaterThan(0);
      for (const i of itineraries) expect(validateWithSchema(SCHEDULING_SCHEMAS.Itinerary, i, { strict: true })).toEqual([]);
    },
  );

  it('stores exactly what the seed generates for the day, whatever order it is generated in', async () => {
    const faker = seededFaker(DEMO_SEED);
    const setup = generateSetup(faker, DEMO_SEED);
    const { staff } = generateStaff(faker, DEMO_SEED, setup);
    const calendar = demoCalendar(AS_OF, setup.timeZone);
    const context = { seed: DEMO_SEED, setup, clinicians: staff.filter((s) => s.clinician).map((s) => s.practitioner) };
    const charts = Array.from({ length: PATIENTS }, (_, i) => chartFacts(i + 1, generateChart(faker, context, i + 1), calendar.today));
    const config = demoNoteConfiguration(DEMO_SEED, setup, staff.find((s) => s.signIn && s.role === 'Practitioner')!.practitioner);
    const ctx = await activityContext(t.server.app.db.pool, faker, { practiceId, seed: DEMO_SEED, setup, staff, calendar, config, charts });
    const current = new Map<string, Resource>();
    for (const type of ['Note', 'Encounter', 'QuestionnaireResponse', 'CarePlan', 'CarePlanSession', 'CarePlanOutcome', 'Appointment'])
      for (const r of await stored(type)) current.set(r.id, r);
    // The portal patient's forms are written apart from the clinical work (demo-portal.ts).
    for (const [id, r] of current) if ((r as QuestionnaireResponse).author?.resourceType === 'Patient') current.delete(id);
    for (const id of await scribeWritten()) current.delete(id);
    const histories = await noteHistories();
    let compared = 0;
    for (const entry of [...ctx.plan.entries.values()].reverse()) {
      for (const record of generateActivity(faker, ctx, entry)) {
        const versions = Array.isArray(record) ? record : [record];
        expect(current.get(versions[0]!.id)).toEqual(versions.at(-1));
        if (versions[0]!.resourceType === 'Note') expect(histories.get(versions[0]!.id)).toEqual(versions);
        compared++;
      }
    }
    expect(compared).toBe(current.size);
  });
});

describe('the intake packets', () => {
  it('holds a submitted and a reviewed intake signed with a drawn PNG, each with its Consent, sent before today', async () => {
    const calendar = demoCalendar(AS_OF, seeded.setup.timeZone);
    const midnight = localInstant(calendar, calendar.today, '00:00').getTime();
    const signed = (await stored<PacketResponse>('PacketResponse')).filter((p) => p.status === 'Submitted' || p.status === 'Reviewed');
    expect(signed.map((p) => `${p.status} ${p.display}`).sort()).toEqual(['Reviewed Adult intake', 'Submitted Adult intake']);
    const consents = await stored<Resource & Record<string, any>>('Consent');
    const responses = await stored<QuestionnaireResponse>('QuestionnaireResponse');
    const client = new ApiClient(t.url, `${t.url}/api/v1/practices/${practiceId}/`);
    await client.signIn(demoSignIns(`${practiceId}.test`).find((s) => s.role === 'Case Management')!.email, DEMO_PASSWORD);
    for (const p of signed) {
      expect(p.submittedBy, p.status).toMatchObject({ resourceType: 'Patient', id: p.subject.id });
      expect(new Date(p.submittedAt!).getTime()).toBeLessThan(midnight);
      expect(p.consents).toHaveLength(1);
      const consent = consents.find((c) => c.id === p.consents![0]!.id)!;
      expect(consent).toMatchObject({
        status: 'active',
        author: { id: p.subject.id },
        source: { id: p.id },
        category: { code: 'treatment' },
      });
      const [signature, ...others] = responses.find((r) => r.id === consent.response.id)!.signatures!;
      expect(others).toEqual([]);
      expect(signature).toMatchObject({ linkId: 'sign', role: 'AdhocPatient', signer: { id: p.subject.id } });
      expect(signature!.voided).toBeUndefined();
      expect(signature!.questionnaireVersion).toBeTruthy();
      expect(new Date(signature!.signedAt).getTime()).toBeLessThan(midnight);
      // The drawn image, as staff download it from the chart: a PNG.
      const image = await client.request('GET', `Media/${signature!.image.id}/content?base64=true`, {
        headers: { 'x-partition-key': p.partition! },
      });
      expect(image.status, image.text).toBe(200);
      expect(Buffer.from(image.text, 'base64').subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    const reviewed = signed.find((p) => p.status === 'Reviewed')!;
    expect(reviewed.reviewedBy?.resourceType).toBe('Practitioner');
    expect(new Date(reviewed.reviewedAt!).getTime()).toBeLessThan(midnight);
  });
});

describe('the responses as the note calls find them', () => {
  /** The Practitioner sign-in's signed notes with a PHQ-9 answered, as the server has them. */
  async function signedWithPhq9(): Promise<Note[]> {
    const me = seeded.staff.find((s) => s.signIn && s.role === 'Practitioner')!.practitioner.id;
    return (await stored<Note>('Note')).filter(
      (n) => n.author.id === me && n.status === 'Final' && n.sections.some((s) => s.key === 'phq-9' && s.answers),
    );
  }
  /** The note's responses as the chart's query finds them (the link the note calls search by). */
  async function responsesOf(client: ApiClient, note: Note): Promise<QuestionnaireResponse[]> {
    const r = await client.request('POST', 'QuestionnaireResponses/queries', {
      body: [{ field: 'derivedFrom.note.id', op: 'eq', value: note.id }],
      headers: { 'x-partition-key': note.partition },
    });
    expect(r.status, r.text).toBe(200);
    return r.body as QuestionnaireResponse[];
  }

  it("an amendment through the amend call updates the demo's responses in place, and entered in error withdraws them", async () => {
    const client = new ApiClient(t.url, `${t.url}/api/v1/practices/${practiceId}/`);
    await client.signIn(demoSignIns(`${practiceId}.test`).find((s) => s.role === 'Practitioner')!.email, DEMO_PASSWORD);
    const [note, other] = await signedWithPhq9();
    const before = await responsesOf(client, note!);
    expect(before.map((r) => r.derivedFrom!.section).sort()).toEqual(['gad-7', 'phq-9']);

    const phq9 = Object.fromEntries([...Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, '0']), ['phq9-10', 'not-difficult']]);
    const sections = note!.sections.map((s) => (s.key === 'phq-9' ? { ...s, answers: phq9 } : s));
    const amended = await client.request('POST', `Notes/${note!.id}/amend`, {
      body: { versionId: note!.meta.versionId, reason: 'Scored from the wrong sheet.', changes: { sections } },
    });
    expect(amended.status, amended.text).toBe(200);
    const after = await responsesOf(client, note!);
    // The same two responses (the call found the demo's by their link), the PHQ-9 a second version.
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    const was = before.find((r) => r.derivedFrom!.section === 'phq-9')!;
    const now = after.find((r) => r.derivedFrom!.section === 'phq-9')!;
    expect(now.score?.total).toBe(0);
    // Everything but the answers, their score and the version named is what the demo stored.
    const rest = ({ answers: _a, score: _s, derivedFrom: _d, meta: _m, ...fields }: QuestionnaireResponse) => fields;
    expect(rest(now)).toEqual(rest(was));
    expect(now.derivedFrom).toEqual({ ...was.derivedFrom, note: { ...was.derivedFrom!.note, versionId: amended.body.meta.versionId } });

    const eie = await client.request('POST', `Notes/${other!.id}/entered-in-error`, {
      body: { versionId: other!.meta.versionId, reason: 'Wrong patient.' },
    });
    expect(eie.status, eie.text).toBe(200);
    expect(await responsesOf(client, other!)).toEqual([]);
  });
});
