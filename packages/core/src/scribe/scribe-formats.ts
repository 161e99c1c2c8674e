import { ScribeNoteFormats } from '../enums.ts';
import type { ScribeFormat } from './transcript-types.ts';

/**
 * What a sentence of a session is about, whatever the format: the built-in structurer files each
 * sentence under one topic (structurer-vocabulary.ts), and each format says which of its sections
 * a topic belongs in.
 */
export type ScribeTopic =
  | 'goal'
  | 'presenting'
  | 'history'
  | 'reviewOfSystems'
  | 'pastMedical'
  | 'family'
  | 'social'
  | 'observation'
  | 'exam'
  | 'diagnostics'
  | 'intervention'
  | 'response'
  | 'progress'
  | 'assessment'
  | 'plan';

/** A section of a scribe format; `topics` are the ones filed under it. */
export interface ScribeFormatSection {
  key: string;
  title: string;
  /** What belongs here, for the clinician and for a language model's prompt. */
  description: string;
  topics: readonly ScribeTopic[];
}

const section = (key: string, title: string, description: string, ...topics: ScribeTopic[]): ScribeFormatSection => ({
  key,
  title,
  description,
  topics,
});

const PLAN = section('plan', 'Plan', 'Next steps: homework, next session, referrals, medication changes.', 'plan');
const INTERVENTION = section('intervention', 'Intervention', 'What the clinician did: techniques, exercises, education.', 'intervention');
const RESPONSE = section('response', 'Response', 'How the patient responded to the interventions.', 'response');

/**
 * The sections of each format, named as AWS HealthScribe's note templates name them (GIRPP, BIRP,
 * SIRP, DAP, BH_SOAP, PH_SOAP, HISTORY_AND_PHYSICAL), in the order a note shows them.
 */
export const SCRIBE_FORMATS: Record<ScribeFormat, readonly ScribeFormatSection[]> = {
  GIRPP: [
    section('goal', 'Goal', 'The problems or behaviours treatment addresses, and the goals set.', 'goal'),
    { ...INTERVENTION, topics: ['intervention'] },
    { ...RESPONSE, topics: ['response', 'presenting', 'observation'] },
    section('progress', 'Progress', 'Progress toward the goals since the last session.', 'progress', 'assessment'),
    PLAN,
  ],
  BIRP: [
    section(
      'behavior',
      'Behavior',
      "The patient's presentation: what they reported and what was observed.",
      'presenting',
      'observation',
      'goal',
    ),
    INTERVENTION,
    { ...RESPONSE, topics: ['response', 'progress', 'assessment'] },
    PLAN,
  ],
  SIRP: [
    section(
      'situation',
      'Situation',
      'Why the session took place and the circumstances the patient described.',
      'presenting',
      'goal',
      'observation',
    ),
    INTERVENTION,
    { ...RESPONSE, topics: ['response', 'progress', 'assessment'] },
    PLAN,
  ],
  DAP: [
    section(
      'data',
      'Data',
      'What the patient reported and what was observed and done in the session.',
      'presenting',
      'observation',
      'goal',
      'intervention',
      'response',
    ),
    section('assessment', 'Assessment', "The clinician's interpretation: progress, risk, clinical impressions.", 'assessment', 'progress'),
    PLAN,
  ],
  BEHAVIORAL_SOAP: [
    section('subjective', 'Subjective', 'What the patient reported: mood, symptoms, events, goals.', 'presenting', 'goal', 'response'),
    section('objective', 'Objective', 'What the clinician observed, and measures or scores taken.', 'observation', 'intervention'),
    section('assessment', 'Assessment', "The clinician's interpretation: progress, risk, clinical impressions.", 'assessment', 'progress'),
    PLAN,
  ],
  PHYSICAL_SOAP: [
    section(
      'subjective',
      'Subjective',
      'Symptoms and history as the patient reported them.',
      'presenting',
      'history',
      'reviewOfSystems',
      'pastMedical',
      'family',
      'social',
      'response',
    ),
    section('objective', 'Objective', 'Examination findings, vital signs and test results.', 'observation', 'exam', 'diagnostics'),
    section('assessment', 'Assessment', "The clinician's assessment and diagnoses.", 'assessment', 'progress', 'goal'),
    { ...PLAN, topics: ['plan', 'intervention'] },
  ],
  HP: [
    section('chief-complaint', 'Chief Complaint', 'Why the patient came, briefly.', 'goal'),
    section(
      'history-of-present-illness',
      'History of Present Illness',
      'Severity, onset, timing, current treatment of the illness.',
      'presenting',
      'history',
      'progress',
      'response',
    ),
    section('review-of-systems', 'Review of Systems', 'Symptoms the patient reported across body systems.', 'reviewOfSystems'),
    section('past-medical-history', 'Past Medical History', 'Earlier conditions, surgeries, treatments, medications.', 'pastMedical'),
    section('past-family-history', 'Past Family History', "Conditions that run in the patient's family.", 'family'),
    section('past-social-history', 'Past Social History', 'Social life, habits, occupation, environment.', 'social'),
    section('physical-examination', 'Physical Examination', 'Findings of the examination and vital signs.', 'exam', 'observation'),
    section('diagnostic-testing', 'Diagnostic Testing', 'Results of laboratory tests, imaging and other studies.', 'diagnostics'),
    section('assessment', 'Assessment', "The clinician's assessment of the patient's health.", 'assessment'),
    { ...PLAN, topics: ['plan', 'intervention'] },
  ],
};

/** Each format's name as an administrator or clinician reads it. */
export const SCRIBE_FORMAT_NAMES: Record<ScribeFormat, string> = {
  BIRP: 'BIRP (behaviour, intervention, response, plan)',
  DAP: 'DAP (data, assessment, plan)',
  GIRPP: 'GIRPP (goal, intervention, response, progress, plan)',
  SIRP: 'SIRP (situation, intervention, response, plan)',
  BEHAVIORAL_SOAP: 'Behavioural SOAP',
  HP: 'H&P (history and physical)',
  PHYSICAL_SOAP: 'Physical SOAP',
};

/**
 * A practice's adjustment of one format (`scribeFormatConfigurations` in PracticePreferences):
 * whether it is offered, its sections' order (keys; sections not named follow in their own order)
 * and extra instructions for a language-model generator.
 */
export interface ScribeFormatConfiguration {
  format: ScribeFormat;
  enabled?: boolean;
  sectionOrder?: string[];
  instructions?: string;
}

function configurationsOf(list: unknown): ScribeFormatConfiguration[] {
  if (!Array.isArray(list)) return [];
  return list.filter(
    (c): c is ScribeFormatConfiguration =>
      typeof c === 'object' &&
      c !== null &&
      (ScribeNoteFormats as readonly string[]).includes((c as { format?: unknown }).format as string),
  );
}

/** The formats a practice offers: every format unless it disabled some. */
export function offeredFormats(configurations: unknown): ScribeFormat[] {
  const disabled = new Set(
    configurationsOf(configurations)
      .filter((c) => c.enabled === false)
      .map((c) => c.format),
  );
  return ScribeNoteFormats.filter((f) => !disabled.has(f));
}

/** A format's sections in the practice's order, and its extra instructions. */
export function formatFor(format: ScribeFormat, configurations: unknown): { sections: ScribeFormatSection[]; instructions?: string } {
  const configuration = configurationsOf(configurations).find((c) => c.format === format);
  const order = configuration?.sectionOrder ?? [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const sections = [...SCRIBE_FORMATS[format]].sort((a, b) => rank(a.key) - rank(b.key));
  return { sections, ...(configuration?.instructions && { instructions: configuration.instructions }) };
}
