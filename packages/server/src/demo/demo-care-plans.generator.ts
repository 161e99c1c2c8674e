import {
  GAD7_ID,
  addDays,
  carePlanAttestation,
  carePlanContentHash,
  carePlanSignatureConfiguration,
  type CarePlan,
  type CarePlanActivity,
  type CarePlanElement,
  type GoalProgress,
  type QuestionnaireResponse,
  type Reference,
  type Resource,
} from '@caseload/core';
import type { CaseloadEntry } from './demo-caseloads.ts';
import { demoCarePlanVersions } from './demo-care-plan-revision.ts';
import { withDemoPlanSignatures } from './demo-care-plan-signatures.ts';
import { demoResource, refTo } from './demo-ids.ts';
import type { Course, Theme } from './demo-narratives.ts';
import { actorRef, type ActivityContext } from './demo-note-life.ts';

/**
 * Care plans of the demo's patients (docs/care-plans.md, "Demo"): each patient seen by a therapist
 * or case manager has an Active plan, signed by that clinician when it was written (after the
 * intake, or before the demo's weeks for an episode already open), with two or three goals from
 * the presenting problem, their objectives and interventions. Every later session addresses one
 * goal in turn (`Encounter.carePlanActivities`) with the progress its course implies; every sixth
 * session is also a plan review (CarePlanSession); each PHQ-9 and GAD-7 answered after the plan
 * becomes a CarePlanOutcome of the goal it measures, which the session's note points at
 * (`derivedFrom`). About one plan in eight is past its review date; one in six was revised with
 * a reason four weeks after signing (its signed version stays in history). Nothing here draws on the
 * faker, so the sessions and notes generated around it are the ones generated without it.
 */

interface GoalTemplate {
  text: string;
  measure?: string;
  /** The questionnaire whose score measures it. */
  instrument?: 'phq9' | 'gad7';
  objectives: string[];
  interventions: string[];
}

const GOALS: Record<Theme | 'coordination', GoalTemplate[]> = {
  depression: [
    {
      text: 'Reduce depressive symptoms',
      measure: 'PHQ-9 below 10 on two measurements',
      instrument: 'phq9',
      objectives: ['Schedule and complete three pleasant activities a week', 'Identify and challenge negative automatic thoughts'],
      interventions: ['CBT with behavioural activation, weekly', 'Thought records between sessions'],
    },
    {
      text: 'Restore a regular sleep and daily routine',
      measure: '7 hours of sleep on 5 nights a week',
      objectives: ['Keep a fixed wake time for four weeks'],
      interventions: ['Sleep hygiene education'],
    },
    {
      text: 'Strengthen social connection',
      objectives: ['Contact a friend or relative twice a week'],
      interventions: ['Interpersonal skills practice in session'],
    },
  ],
  anxiety: [
    {
      text: 'Reduce anxiety to a manageable level',
      measure: 'GAD-7 below 8',
      instrument: 'gad7',
      objectives: ['Use paced breathing when anxiety rises above 5/10', 'Complete graded exposure steps weekly'],
      interventions: ['CBT for anxiety, weekly', 'Exposure hierarchy built in session'],
    },
    {
      text: 'Return to avoided activities',
      objectives: ['Attend work or school on every scheduled day'],
      interventions: ['Problem-solving training'],
    },
  ],
  trauma: [
    {
      text: 'Reduce trauma-related distress',
      measure: 'GAD-7 below 8',
      instrument: 'gad7',
      objectives: ['Use grounding skills during intrusive memories', 'Complete the trauma narrative'],
      interventions: ['Trauma-focused CBT', 'Grounding and safety skills'],
    },
    {
      text: 'Improve mood and sleep',
      measure: 'PHQ-9 below 10',
      instrument: 'phq9',
      objectives: ['Fewer than two nightmares a week'],
      interventions: ['Imagery rehearsal'],
    },
  ],
  bipolar: [
    {
      text: 'Maintain mood stability',
      measure: 'PHQ-9 below 10 with no manic episode',
      instrument: 'phq9',
      objectives: ['Track mood daily', 'Take medication as prescribed'],
      interventions: ['Psychoeducation on early warning signs', 'Medication adherence review'],
    },
    {
      text: 'Keep a regular daily rhythm',
      objectives: ['Same bedtime within an hour, six nights a week'],
      interventions: ['Interpersonal and social rhythm therapy'],
    },
  ],
  substance: [
    {
      text: 'Reduce substance use',
      measure: 'Self-reported days of use per week',
      objectives: ['Identify three high-risk situations and a plan for each', 'Attend a peer support meeting weekly'],
      interventions: ['Motivational interviewing', 'Relapse prevention planning'],
    },
    {
      text: 'Improve mood',
      measure: 'PHQ-9 below 10',
      instrument: 'phq9',
      objectives: ['Use a coping skill instead of using'],
      interventions: ['CBT for coping skills'],
    },
  ],
  adhd: [
    {
      text: 'Improve organisation and follow-through',
      objectives: ['Use a planner daily', 'Break assignments into steps'],
      interventions: ['Executive-function coaching', 'Parent or partner involvement'],
    },
    {
      text: 'Reduce conflict at home and school',
      objectives: ['Fewer than two conflicts a week'],
      interventions: ['Behavioural reward plan'],
    },
  ],
  general: [
    {
      text: 'Improve coping with current stressors',
      measure: 'PHQ-9 below 10',
      instrument: 'phq9',
      objectives: ['Use one new coping skill each week'],
      interventions: ['Supportive therapy with problem solving'],
    },
    {
      text: 'Reduce worry',
      measure: 'GAD-7 below 8',
      instrument: 'gad7',
      objectives: ['Schedule worry time daily'],
      interventions: ['Worry postponement'],
    },
  ],
  coordination: [
    {
      text: 'Secure stable housing',
      objectives: ['Complete the housing application', 'Attend the housing interview'],
      interventions: ['Referral to the housing authority'],
    },
    {
      text: 'Keep medical and behavioural-health appointments',
      objectives: ['Attend 90% of scheduled appointments'],
      interventions: ['Reminder calls and transport arrangement'],
    },
  ],
};

/** A session of the patient's work as the plan sees it. */
export interface PlannedSession {
  index: number;
  /** yyyy-MM-dd */
  date: string;
  /** The session's end (yyyy-MM-ddTHH:mm:ssZ): records of it are made then. */
  at: string;
  encounter: Reference;
  /** The PHQ-9 and GAD-7 responses answered at the session. */
  responses: QuestionnaireResponse[];
}

/** A patient's plan, and per session what it addressed and the outcomes the note derives from. */
export interface DemoCarePlan {
  /** The plan as it is now. */
  plan: CarePlan;
  /** Its versions, oldest first: the signed plan, and a revision for one plan in six (demo-care-plan-revision.ts). */
  versions: CarePlan[];
  /** The sessions' activities by session index (sessions before the plan have none). */
  activities(session: PlannedSession): CarePlanActivity[];
  /** A session's plan review (every sixth) and outcomes, and the outcomes' references for its note's `derivedFrom`. */
  records(session: PlannedSession): { records: Resource[]; derivedFrom: Reference[] };
}

const elementId = (goal: number, kind: 'o' | 'i' | '', n = 0) => (kind ? `g${goal + 1}-${kind}${n + 1}` : `g${goal + 1}`);

function elementsOf(templates: GoalTemplate[], clinician: Reference, targetDate: string): CarePlanElement[] {
  return templates.flatMap((t, g) => [
    {
      id: elementId(g, ''),
      kind: 'Goal' as const,
      text: t.text,
      targetDate,
      ...(t.measure && { measure: t.measure }),
      responsible: [clinician],
    },
    ...t.objectives.map((text, o) => ({
      id: elementId(g, 'o', o),
      kind: 'Objective' as const,
      parent: elementId(g, ''),
      text,
      targetDate,
    })),
    ...t.interventions.map((text, i) => ({
      id: elementId(g, 'i', i),
      kind: 'Intervention' as const,
      parent: t.objectives.length ? elementId(g, 'o', Math.min(i, t.objectives.length - 1)) : elementId(g, ''),
      text,
      responsible: [clinician],
    })),
  ]);
}

/** Progress along a course: improving patients reach their goal late in the weeks, worsening ones fall back. */
function progressAt(course: Course, step: number, of: number): GoalProgress {
  if (course === 'worsening') return step < of / 2 ? 'InProgress' : 'NotAchieved';
  if (course === 'improving' && step >= of * 0.75) return 'Achieved';
  return 'InProgress';
}

/**
 * The plan of `entry`'s patient, or none (prescribers' patients are planned by their therapist;
 * a patient with no sessions has no plan yet). `first` is the first session: a plan written at
 * an intake starts there; otherwise it was written before the demo's weeks.
 */
export function demoCarePlan(
  ctx: ActivityContext,
  entry: CaseloadEntry,
  first: PlannedSession | undefined,
  intake: boolean,
  course: Course,
): DemoCarePlan | undefined {
  if (entry.style === 'prescriber' || !first) return undefined;
  const { facts } = entry;
  const templates = (entry.style === 'caseManager' ? GOALS.coordination : GOALS[facts.theme]).slice(0, facts.n % 3 === 0 ? 3 : 2);
  const clinician = refTo(entry.clinician.practitioner);
  const start = intake ? first.date : addDays(ctx.calendar.firstDay, -14 - (facts.n % 30));
  // One plan in eight is past its review; the others are due within the next quarter.
  const reviewDate = addDays(ctx.calendar.today, facts.n % 8 === 5 ? -(3 + (facts.n % 20)) : 5 + (facts.n % 80));
  const created = intake ? first.at : `${start}T17:00:00Z`;
  const subject: Reference = {
    resourceType: 'Patient',
    id: facts.patient.id,
    ...(facts.patient.display !== undefined && { display: facts.patient.display }),
  };
  const fields = {
    partition: facts.patient.id,
    patient: subject,
    status: 'Active' as const,
    title: `${entry.style === 'caseManager' ? 'Care coordination' : 'Treatment'} plan`,
    ...(facts.episode && { episodeOfCare: refTo(facts.episode), program: facts.episode.programs[0]!.program }),
    period: { start, end: addDays(start, 180) },
    reviewDate,
    addresses: facts.conditions.slice(0, 2).map((c) => refTo(c)),
    careTeam: [clinician],
    author: clinician,
    elements: elementsOf(templates, clinician, addDays(start, 180)),
  };
  const configuration = carePlanSignatureConfiguration(fields, ctx.signatureConfigurations);
  const plan = demoResource(ctx.seed, 'CarePlan', facts.n, created, {
    ...fields,
    signedAt: created,
    signatures: [
      {
        role: 'Clinician',
        signer: clinician,
        signedAt: created,
        contentHash: carePlanContentHash(fields),
        attestation: carePlanAttestation(configuration),
      },
    ],
  }) as unknown as CarePlan;
  plan.meta.lastModifiedBy = actorRef(entry.clinician);
  const signed = withDemoPlanSignatures(plan, facts.n, entry.clinician.practitioner, configuration, ctx.calendar.today);
  const versions = demoCarePlanVersions(ctx.seed, facts.n, signed, clinician, ctx.calendar.today);
  const planRef: Reference = { resourceType: 'CarePlan', id: plan.id, display: plan.title };
  const after = (s: PlannedSession) => s.date > start || (s.date === start && !intake);
  const measuredBy = (instrument: 'phq9' | 'gad7') => templates.findIndex((t) => t.instrument === instrument);

  return {
    plan: versions.at(-1)!,
    versions,
    activities(session) {
      if (!after(session)) return [];
      const g = session.index % templates.length;
      const t = templates[g]!;
      const objective = t.objectives.length ? elementId(g, 'o', session.index % t.objectives.length) : undefined;
      return [
        { carePlan: planRef, element: elementId(g, ''), progress: progressAt(course, session.index, 12) },
        ...(objective ? [{ carePlan: planRef, element: objective, progress: progressAt(course, session.index + 1, 12) }] : []),
      ];
    },
    records(s) {
      const records: Resource[] = [];
      const refs: Reference[] = [];
      if (after(s)) {
        if (s.index > 0 && s.index % 6 === 0) {
          const review = demoResource(ctx.seed, 'CarePlanSession', `${facts.n}:r${s.index}`, s.at, {
            partition: facts.patient.id,
            carePlan: planRef,
            encounter: s.encounter,
            date: s.date,
            author: clinician,
            progress: templates.map((_, g) => ({ element: elementId(g, ''), status: progressAt(course, s.index, 12) })),
            comment: 'Plan reviewed with the patient.',
          });
          review.meta.lastModifiedBy = actorRef(entry.clinician);
          records.push(review);
        }
        for (const response of s.responses) {
          const instrument = response.questionnaire.id === GAD7_ID ? 'gad7' : 'phq9';
          const g = measuredBy(instrument);
          const outcome = demoResource(ctx.seed, 'CarePlanOutcome', `${response.id}`, s.at, {
            partition: facts.patient.id,
            carePlan: planRef,
            ...(g >= 0 && { element: elementId(g, '') }),
            encounter: s.encounter,
            author: clinician,
            date: s.date,
            kind: 'Score',
            instrument: { resourceType: 'Questionnaire', id: response.questionnaire.id, display: response.questionnaire.display },
            response: { resourceType: 'QuestionnaireResponse', id: response.id },
            value: response.score?.total ?? 0,
          });
          outcome.meta.lastModifiedBy = actorRef(entry.clinician);
          records.push(outcome);
          refs.push({ resourceType: 'CarePlanOutcome', id: outcome.id });
        }
      }
      return { records, derivedFrom: refs };
    },
  };
}
