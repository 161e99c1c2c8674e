import { GAD7_ID, PHQ9_ID, addDays, getResourceType, type Answers, type QuestionnaireItem, type Reference } from '@caseload/core';
// The write rules of these types, which `npm run seed` (no app, no routes) must run too.
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { localInstant, type DemoCalendar } from './demo-calendar.ts';
import { demoId } from './demo-ids.ts';
import { isStored } from './demo-note-configuration.writer.ts';

/**
 * What the demo's portal sign-in finds (docs/portal.md, docs/demo.md): the practice's own
 * pre-visit questionnaire, and for the portal patient the forms the care team asked for before the
 * next visit, beside those sent in the weeks before. A form is assigned by a response in the
 * patient's chart naming the patient as its `author`; all of it is written through the repository
 * as the system, so the questionnaire publishing and response rules check it as they check a
 * client's, dated on the practice's calendar.
 */

const choice = (linkId: string, text: string, options: [string, string][], extra: Partial<QuestionnaireItem> = {}): QuestionnaireItem => ({
  linkId,
  type: 'Choice',
  text,
  answerOptions: options.map(([code, display]) => ({ code, display })),
  ...extra,
});

/** The practice's pre-visit check-in, short enough for a phone. */
export const BEFORE_YOUR_VISIT_ITEMS: QuestionnaireItem[] = [
  choice(
    'since-last',
    'How have you been since your last visit?',
    [
      ['better', 'Better'],
      ['same', 'About the same'],
      ['worse', 'Worse'],
    ],
    { required: true },
  ),
  choice(
    'feeling',
    'How are you feeling today?',
    [
      ['very-low', 'Very low'],
      ['low', 'Low'],
      ['okay', 'Okay'],
      ['good', 'Good'],
      ['very-good', 'Very good'],
    ],
    { required: true },
  ),
  choice(
    'focus',
    'What would you like to focus on at your next visit?',
    [
      ['sleep', 'Sleep'],
      ['mood', 'Mood'],
      ['worry', 'Worry or stress'],
      ['relationships', 'Relationships'],
      ['work', 'Work or school'],
      ['substances', 'Alcohol or drugs'],
      ['medication', 'Medication'],
    ],
    { repeats: true },
  ),
  { linkId: 'changes', type: 'Boolean', text: 'Has anything changed with your medications since your last visit?' },
  { linkId: 'talk-about', type: 'Text', text: 'Is there anything else you would like your clinician to know?', maxLength: 1000 },
];

export interface PortalDemoInput {
  practiceId: string;
  seed: number;
  calendar: DemoCalendar;
  /** The portal patient (patient number 1). */
  patient: Reference;
}

/** One response to write: what it answers, when, how far it got. */
interface PortalResponsePlan {
  key: string;
  questionnaire: Reference;
  daysAgo: number;
  time: string;
  completion: 'NotStarted' | 'Complete';
  answers: Answers;
}

const frequency = (prefix: string, count: number, values: number[], difficulty: string): Answers => ({
  ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}-${i + 1}`, String(values[i] ?? 0)])),
  [`${prefix}-${count + 1}`]: difficulty,
});

/** The portal patient's forms: three sent over the last month, three waiting to be filled in before the next visit. */
function portalPlan(visitForm: Reference): PortalResponsePlan[] {
  const phq = { resourceType: 'Questionnaire', id: PHQ9_ID };
  const gad = { resourceType: 'Questionnaire', id: GAD7_ID };
  return [
    {
      key: 'phq-1',
      questionnaire: phq,
      daysAgo: 30,
      time: '19:42',
      completion: 'Complete',
      answers: frequency('phq9', 9, [2, 2, 1, 2, 1, 1, 1, 0, 0], 'somewhat'),
    },
    {
      key: 'gad-1',
      questionnaire: gad,
      daysAgo: 30,
      time: '19:48',
      completion: 'Complete',
      answers: frequency('gad7', 7, [2, 1, 2, 1, 1, 1, 1], 'somewhat'),
    },
    {
      key: 'visit-1',
      questionnaire: visitForm,
      daysAgo: 15,
      time: '08:10',
      completion: 'Complete',
      answers: {
        'since-last': 'better',
        feeling: 'good',
        focus: ['sleep', 'work'],
        changes: false,
        'talk-about': 'The breathing exercises help before meetings.',
      },
    },
    { key: 'visit-2', questionnaire: visitForm, daysAgo: 2, time: '09:00', completion: 'NotStarted', answers: {} },
    { key: 'phq-2', questionnaire: phq, daysAgo: 2, time: '09:00', completion: 'NotStarted', answers: {} },
    { key: 'gad-2', questionnaire: gad, daysAgo: 2, time: '09:00', completion: 'NotStarted', answers: {} },
  ];
}

/** Writes the portal's demo forms; records already stored are left as they are. Answers how many it wrote. */
export async function writePortalDemo(db: Database, audit: AuditWriter, input: PortalDemoInput): Promise<number> {
  const { practiceId, seed, calendar, patient } = input;
  const at = (daysAgo: number, time: string) => localInstant(calendar, addDays(calendar.today, -daysAgo), time);
  let written = 0;

  const visitForm = { resourceType: 'Questionnaire', id: demoId(seed, 'Questionnaire', 'before-your-visit') };
  if (!(await isStored(db.pool, practiceId, 'Questionnaire', visitForm.id))) {
    const publishing = systemRepository(db, audit, practiceId, WRITE_RULES, () => localInstant(calendar, calendar.goLive, '10:00'));
    await publishing.update(getResourceType('Questionnaire')!, visitForm.id, {
      resourceType: 'Questionnaire',
      id: visitForm.id,
      title: 'Before your visit',
      description: 'A few questions so we can make the most of your time together.',
      status: 'Active',
      items: BEFORE_YOUR_VISIT_ITEMS,
    });
    written++;
  }

  const type = getResourceType('QuestionnaireResponse')!;
  for (const plan of portalPlan(visitForm)) {
    const id = demoId(seed, 'QuestionnaireResponse', `portal:${plan.key}`);
    if (await isStored(db.pool, practiceId, 'QuestionnaireResponse', id)) continue;
    const repo = systemRepository(db, audit, practiceId, WRITE_RULES, () => at(plan.daysAgo, plan.time));
    await repo.update(type, id, {
      resourceType: 'QuestionnaireResponse',
      id,
      partition: patient.id,
      questionnaire: plan.questionnaire,
      subject: patient,
      author: patient,
      completion: plan.completion,
      answers: plan.answers,
    });
    written++;
  }
  return written;
}
