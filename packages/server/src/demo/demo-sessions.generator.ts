import {
  daysBetween,
  type Answers,
  type Encounter,
  type HealthcareService,
  type Location,
  type NoteSection,
  type NoteTemplate,
  type QuestionnaireResponse,
  type Reference,
  type Resource,
  type SessionTime,
} from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { addMinutes, clockTime, localInstant, noteInstant } from './demo-calendar.ts';
import { answersFor, isMeasured, scoreCourse, totalAt, type Instrument, type ScoreCourse } from './demo-assessments.ts';
import { missedAppointment, sessionAppointment, upcomingSeries, usualMinutes } from './demo-appointments.generator.ts';
import type { CaseloadEntry } from './demo-caseloads.ts';
import { demoCarePlan, type PlannedSession } from './demo-care-plans.generator.ts';
import { demoId, demoResource, refTo } from './demo-ids.ts';
import { contactText, intakeText, medicationText, progressText } from './demo-narratives.ts';
import { MENTAL_STATUS_ANSWERS, SECTION, type ConfigBody } from './demo-note-configuration.ts';
import { actorRef, noteLife, sectionsFrom, type ActivityContext } from './demo-note-life.ts';
import { noteResponses } from './demo-note-responses.ts';
import { noteVersions } from './demo-note-versions.ts';

/**
 * One patient's sessions over the demo's weeks with their primary clinician (demo-caseloads.ts):
 * for each, the Encounter as the note editor leaves it, the note's versions (demo-note-versions.ts)
 * and, every two weeks for the problems measured, a PHQ-9 and a GAD-7 answered at the session in
 * the note's assessment sections, recorded in the chart as responses when the note is signed
 * (demo-note-responses.ts). A therapist's first session after an
 * episode begins is an intake assessment; a case manager writes documentation notes.
 */

interface Session {
  index: number;
  date: string;
  definition: 'intake' | 'progress' | 'documentation';
  service: HealthcareService;
  start: Date;
  minutes: number;
  location: Location;
  /** The measurement number of the PHQ-9 and GAD-7 given at this session. */
  measurement?: number;
}

/** The sections a clinician writes first: what an unfinished draft already has. */
const WRITTEN_FIRST = new Set<string>([SECTION.mentalStatus, SECTION.data, SECTION.contact, SECTION.presenting]);

const serviceOf = (ctx: ActivityContext, code: string) => ctx.setup.services.find((s) => (s.code as { code: string }).code === code)!;
const locationOf = (ctx: ActivityContext, pos: string) => ctx.setup.locations.find((l) => l.placeOfService?.code === pos)!;

function schedule(faker: Faker, ctx: ActivityContext, entry: CaseloadEntry): { sessions: Session[]; missed: string[] } {
  const { calendar } = ctx;
  const episodeStart = entry.facts.episode?.period?.start ?? calendar.firstDay;
  const sessions: Session[] = [];
  const missed: string[] = [];
  for (const { date, weekday, open, week } of calendar.days) {
    if (weekday !== entry.weekday || !open || date < episodeStart || week % entry.every !== entry.phase) continue;
    if (faker.datatype.boolean(0.08)) {
      missed.push(date);
      continue;
    }
    const first = sessions.length === 0;
    const intake = first && entry.style === 'therapist' && episodeStart >= calendar.firstDay;
    const [code, minutes] = pickService(faker, entry, intake);
    const start = localInstant(calendar, date, clockTime(entry.startMinute));
    sessions.push({
      index: sessions.length,
      date,
      definition: entry.style === 'caseManager' ? 'documentation' : intake ? 'intake' : 'progress',
      service: serviceOf(ctx, code),
      start,
      minutes,
      location: locationOf(ctx, pickPlace(faker, entry)),
    });
  }
  if (entry.style !== 'caseManager' && isMeasured(entry.facts.theme)) {
    let last: string | undefined;
    let count = 0;
    for (const s of sessions) {
      if (s.definition === 'intake' || !last || daysBetween(last, s.date) >= 13) {
        s.measurement = count++;
        last = s.date;
      }
    }
  }
  return { sessions, missed };
}

function pickService(faker: Faker, entry: CaseloadEntry, intake: boolean): [code: string, minutes: number] {
  if (entry.style === 'prescriber') return ['99214', faker.helpers.arrayElement([20, 25, 30])];
  if (entry.style === 'caseManager')
    return faker.datatype.boolean(0.2) ? ['COLLAT', 15] : ['T1017', faker.helpers.arrayElement([30, 45, 60])];
  if (intake) return ['90791', 60];
  if (entry.facts.minor && faker.datatype.boolean(0.2)) return ['90847', faker.number.int({ min: 45, max: 50 })];
  return faker.helpers.weightedArrayElement([
    { value: ['90834', faker.number.int({ min: 40, max: 50 })] as [string, number], weight: 60 },
    { value: ['90837', faker.number.int({ min: 53, max: 58 })] as [string, number], weight: 28 },
    { value: ['90832', faker.number.int({ min: 28, max: 35 })] as [string, number], weight: 12 },
  ]);
}

function pickPlace(faker: Faker, entry: CaseloadEntry): string {
  if (entry.style === 'caseManager')
    return faker.helpers.weightedArrayElement([
      { value: '12', weight: 40 },
      { value: '11', weight: 20 },
      { value: '02', weight: 40 },
    ]);
  if (entry.facts.minor && faker.datatype.boolean(0.3)) return '03';
  return faker.datatype.boolean(entry.style === 'prescriber' ? 0.3 : 0.35) ? '10' : '11';
}

/** The patient's sessions: their encounters, notes (each a list of versions) and responses. */
export function generateSessions(faker: Faker, ctx: ActivityContext, entry: CaseloadEntry): Resource[][] {
  faker.seed([ctx.seed, entry.facts.n, 2]);
  const { facts } = entry;
  const { sessions, missed } = schedule(faker, ctx, entry);
  const measured = sessions.filter((s) => s.measurement !== undefined);
  const course = scoreCourse(faker, facts.theme, ctx.plan.item9Patient === facts.n);
  const subject: Reference = { resourceType: 'Patient', id: facts.patient.id, display: facts.patient.display };
  const author = refTo(entry.clinician.practitioner);
  const diagnoses = facts.conditions.map((c, i) => ({ code: c.code, condition: refTo(c), rank: i + 1 }));
  const out: Resource[][] = [];
  const scores: { phq9: number; gad7: number }[] = [];
  const carePlan = demoCarePlan(
    ctx,
    entry,
    sessions[0] && planned(ctx, facts.n, sessions[0], []),
    sessions[0]?.definition === 'intake',
    course.course,
  );
  if (carePlan) out.push(carePlan.versions);
  for (const s of sessions) {
    const key = `${facts.n}:s${s.index}`;
    const end = addMinutes(s.start, s.minutes);
    const encounter = demoResource(ctx.seed, 'Encounter', key, addMinutes(end, 2).toISOString(), {
      partition: subject.id,
      subject,
      participants: [
        { individual: author, role: 'PrimaryPerformer' },
        { individual: subject, role: 'Patient' },
      ],
      serviceType: refTo(s.service),
      location: { location: refTo(s.location), placeOfService: s.location.placeOfService },
      ...(facts.episode && { program: facts.episode.programs[0]!.program, episodeOfCare: refTo(facts.episode) }),
      visitStatus: 'Show',
      visitMode: ['02', '10'].includes(s.location.placeOfService!.code) ? 'Telehealth' : 'InPerson',
      sessionTime: sessionTime(s, end),
      period: { start: noteInstant(s.start), end: noteInstant(end) },
      ...(diagnoses.length > 0 && { diagnoses }),
    }) as unknown as Encounter;
    encounter.meta.lastModifiedBy = actorRef(entry.clinician);
    const encounterRef = { resourceType: 'Encounter', id: encounter.id };
    const answers: Partial<Record<Instrument, Answers>> = {};
    // The item-9 patient answers it at the last visit measured, and that note records the safety plan.
    const safety = course.item9Positive && s === measured.at(-1);
    if (s.measurement !== undefined) {
      const totals = { phq9: totalAt(faker, course, 'phq9', s.measurement), gad7: totalAt(faker, course, 'gad7', s.measurement) };
      scores.push(totals);
      answers.phq9 = answersFor(faker, 'phq9', totals.phq9, safety ? 1 : 0);
      answers.gad7 = answersFor(faker, 'gad7', totals.gad7);
    }
    // What the session addressed of the plan (docs/care-plans.md).
    const thread = carePlan && planned(ctx, facts.n, s, []);
    const activities = thread ? carePlan.activities(thread) : [];
    if (activities.length) encounter.carePlanActivities = activities;
    const definition = ctx.config.definitions[s.definition].body;
    const template = pickTemplate(faker, ctx, entry, s);
    const shell = sectionsFrom(definition, template);
    const written = content(faker, entry, s, course, { answers, safety, scores });
    const complete = merge(shell, written);
    const draft = merge(
      shell,
      written.filter((w) => WRITTEN_FIRST.has(w.key)),
    );
    // The safety plan is signed the day it is written, so the chart shows the item-9 alert.
    const life = noteLife(faker, ctx, {
      date: s.date,
      end,
      encounter,
      kind: definition.noteKind,
      author: entry.clinician,
      shell,
      complete,
      draft,
      signedSameDay: safety,
    });
    // The appointment links the encounter, so it is made before the encounter is written.
    out.push([sessionAppointment(ctx.seed, entry, { key, encounter, start: s.start, end, signed: life.signed !== undefined })]);
    out.push([encounter]);
    const versions = noteVersions(
      ctx.seed,
      key,
      {
        resourceType: 'Note',
        partition: subject.id,
        subject,
        kind: definition.noteKind!,
        composition: 'Individual',
        definition: { resourceType: 'NoteDefinition', id: definition.id, display: definition.name },
        ...(template && { template: { resourceType: 'NoteTemplate', id: template.id, display: template.name } }),
        encounter: encounterRef,
        encounterDate: noteInstant(s.start),
        author,
        title: definition.name,
      },
      life,
    );
    // The scores its signature recorded (none while a draft), and the plan's outcomes of them,
    // which the note derives from from its signature on (docs/care-plans.md).
    const responses = noteResponses(ctx.seed, key, versions, definition, ctx.instruments, encounter.period!.start!);
    if (thread) {
      const outcomes = carePlan.records({ ...thread, responses: responses.map((chain) => chain[0]!) });
      out.push(...outcomes.records.map((r) => [r]));
      const signedAt = versions.findIndex((v) => v.signatures?.some((sig) => sig.role === 'Author'));
      if (outcomes.derivedFrom.length && signedAt >= 0) for (const v of versions.slice(signedAt)) v.derivedFrom = outcomes.derivedFrom;
    }
    out.push(versions);
    out.push(...responses);
  }
  for (const date of missed) out.push([missedAppointment(ctx.seed, ctx.calendar, entry, date, usualMinutes(entry))]);
  const series = upcomingSeries(ctx.seed, ctx.calendar, entry, usualMinutes(entry));
  if (series) out.push([series]);
  return out;
}

/** A session as the care plan sees it (demo-care-plans.generator.ts). */
function planned(ctx: ActivityContext, n: number, s: Session, responses: QuestionnaireResponse[]): PlannedSession {
  return {
    index: s.index,
    date: s.date,
    at: noteInstant(addMinutes(s.start, s.minutes)),
    encounter: { resourceType: 'Encounter', id: demoId(ctx.seed, 'Encounter', `${n}:s${s.index}`) },
    responses,
  };
}

function sessionTime(s: Session, end: Date): SessionTime {
  if (s.definition !== 'documentation') return { mode: 'Duration', start: noteInstant(s.start), end: noteInstant(end) };
  return { mode: 'TimeIncrements', start: noteInstant(s.start), incrementMinutes: 15, increments: s.minutes / 15 };
}

/** The template a note was started from, if any: therapists use one for about four notes in ten. */
function pickTemplate(faker: Faker, ctx: ActivityContext, entry: CaseloadEntry, s: Session): ConfigBody<NoteTemplate> | undefined {
  const named = (name: string) => ctx.config.templates.find((t) => t.body.name === name)?.body;
  if (s.definition === 'documentation') return faker.datatype.boolean(0.3) ? named('Care coordination call') : undefined;
  if (s.definition === 'intake' || entry.style !== 'therapist' || !faker.datatype.boolean(0.4)) return undefined;
  if (['02', '10'].includes(s.location.placeOfService!.code)) return named('Telehealth session');
  const personal = ctx.config.templates.find((t) => t.body.author?.id === entry.clinician.practitioner.id)?.body;
  return personal && faker.datatype.boolean(0.5) ? personal : named('Routine follow-up (mental status within normal limits)');
}

/** What the clinician wrote in each section (keys of the definition; merged over the template's text). */
function content(
  faker: Faker,
  entry: CaseloadEntry,
  s: Session,
  course: ScoreCourse,
  extra: { answers: Partial<Record<Instrument, Answers>>; safety: boolean; scores: { phq9: number; gad7: number }[] },
): NoteSection[] {
  const narrative = (key: string, html: string): NoteSection => ({ key, kind: 'Narrative', narrative: html });
  if (s.definition === 'documentation') {
    const text = contactText(faker);
    return [narrative(SECTION.contact, text.contact), narrative(SECTION.outcome, text.outcome)];
  }
  const sections: NoteSection[] = [
    { key: SECTION.mentalStatus, kind: 'Form', answers: { [MENTAL_STATUS_ANSWERS]: mentalStatus(faker, entry, course, extra.safety) } },
  ];
  if (extra.answers.phq9) sections.push({ key: SECTION.phq9, kind: 'Assessment', answers: extra.answers.phq9 });
  if (extra.answers.gad7) sections.push({ key: SECTION.gad7, kind: 'Assessment', answers: extra.answers.gad7 });
  if (s.definition === 'intake') {
    const text = intakeText(faker, entry.facts.theme, { minor: entry.facts.minor, safety: extra.safety });
    return [
      ...sections,
      narrative(SECTION.presenting, text.presenting),
      narrative(SECTION.history, text.history),
      narrative(SECTION.risk, text.risk),
      narrative(SECTION.formulation, text.formulation),
    ];
  }
  const text =
    entry.style === 'prescriber'
      ? medicationText(faker, course.course, entry.facts.medications)
      : progressText(faker, entry.facts.theme, course.course, {
          safety: extra.safety,
          minor: entry.facts.minor,
          scores: scoreSentence(extra.answers, extra.scores),
          everyWeeks: entry.every,
        });
  return [
    ...sections,
    narrative(SECTION.data, text.data),
    narrative(SECTION.assessment, text.assessment),
    narrative(SECTION.plan, text.plan),
  ];
}

function scoreSentence(answers: Partial<Record<Instrument, Answers>>, scores: { phq9: number; gad7: number }[]): string | undefined {
  if (!answers.phq9 || scores.length === 0) return undefined;
  const now = scores.at(-1)!;
  const before = scores.at(-2);
  const change = (a: number, b: number | undefined) =>
    b === undefined ? '' : a < b ? ` (down from ${b})` : a > b ? ` (up from ${b})` : ' (unchanged)';
  return `PHQ-9 today ${now.phq9}${change(now.phq9, before?.phq9)}; GAD-7 ${now.gad7}${change(now.gad7, before?.gad7)}.`;
}

function mentalStatus(faker: Faker, entry: CaseloadEntry, course: ScoreCourse, safety: boolean): Answers {
  const theme = entry.facts.theme;
  const affect =
    course.course === 'improving' && faker.datatype.boolean(0.5)
      ? 'euthymic'
      : theme === 'depression'
        ? 'dysphoric'
        : theme === 'anxiety' || theme === 'trauma'
          ? 'anxious'
          : faker.helpers.arrayElement(['euthymic', 'constricted', 'irritable']);
  const mood = faker.helpers.arrayElement(
    theme === 'depression'
      ? ['"Tired"', '"Down"', '"A bit better"', '"Flat"']
      : theme === 'anxiety'
        ? ['"Stressed"', '"On edge"', '"Calmer"']
        : ['"Okay"', '"Pretty good"', '"Frustrated"'],
  );
  return {
    appearance: faker.helpers.weightedArrayElement([
      { value: 'groomed', weight: 60 },
      { value: 'casual', weight: 35 },
      { value: 'disheveled', weight: 5 },
    ]),
    behavior: faker.helpers.weightedArrayElement([
      { value: 'cooperative', weight: 80 },
      { value: 'guarded', weight: 8 },
      { value: 'restless', weight: 7 },
      { value: 'withdrawn', weight: 5 },
    ]),
    mood,
    affect,
    'thought-process': faker.helpers.weightedArrayElement([
      { value: 'linear', weight: 90 },
      { value: 'circumstantial', weight: 6 },
      { value: 'racing', weight: 4 },
    ]),
    orientation: 'x4',
    risk: safety ? 'passive' : 'none',
    insight: faker.helpers.arrayElement(['good', 'good', 'fair']),
    judgment: faker.helpers.arrayElement(['good', 'good', 'fair']),
  };
}

/** The dialog's sections with what was written laid over them: narratives appended to a template's, answers merged. */
export function merge(shell: NoteSection[], written: NoteSection[]): NoteSection[] {
  return shell.map((section) => {
    const w = written.find((x) => x.key === section.key);
    if (!w) return section;
    return {
      ...section,
      ...(w.narrative !== undefined && { narrative: `${section.narrative ?? ''}${w.narrative}` }),
      ...(w.answers !== undefined && { answers: mergeAnswers(section.answers, w.answers) }),
    };
  });
}

function mergeAnswers(prefilled: Answers | undefined, written: Answers): Answers {
  const out: Answers = { ...(prefilled ?? {}) };
  for (const [k, v] of Object.entries(written)) {
    const before = out[k];
    out[k] =
      before && typeof before === 'object' && !Array.isArray(before) && typeof v === 'object' && v !== null
        ? { ...before, ...(v as object) }
        : v;
  }
  return out;
}
