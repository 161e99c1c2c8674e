import type { Answers, Questionnaire } from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import type { Course, Theme } from './demo-narratives.ts';

/**
 * PHQ-9 and GAD-7 scores over a patient's treatment: a course (improving, flat, worsening) from a
 * baseline that fits the presenting problem, and answers to each item that add up to the total,
 * written in the note's assessment sections (the responses they record: demo-note-responses.ts).
 */

export type Instrument = 'phq9' | 'gad7';

export interface ScoreCourse {
  course: Course;
  baseline: Record<Instrument, number>;
  /** Points per measurement (negative: improving). */
  step: number;
  /** The patient whose last PHQ-9 answers item 9 (thoughts of self-harm) above "Not at all". */
  item9Positive: boolean;
}

const MAX: Record<Instrument, number> = { phq9: 27, gad7: 21 };
const SCORED: Record<Instrument, string[]> = {
  phq9: Array.from({ length: 9 }, (_, i) => `phq9-${i + 1}`),
  gad7: Array.from({ length: 7 }, (_, i) => `gad7-${i + 1}`),
};
const DIFFICULTY: Record<Instrument, string> = { phq9: 'phq9-10', gad7: 'gad7-8' };

/** Whether a presenting problem is followed with the PHQ-9 and GAD-7 (measurement-based care). */
export const isMeasured = (theme: Theme) => theme !== 'adhd';

export function scoreCourse(faker: Faker, theme: Theme, item9Positive: boolean): ScoreCourse {
  const course: Course = item9Positive
    ? 'worsening'
    : faker.helpers.weightedArrayElement([
        { value: 'improving', weight: 55 },
        { value: 'flat', weight: 30 },
        { value: 'worsening', weight: 15 },
      ]);
  const depressive = theme === 'depression' || theme === 'bipolar';
  const anxious = theme === 'anxiety' || theme === 'trauma';
  const baseline = {
    phq9: depressive ? faker.number.int({ min: 14, max: 21 }) : faker.number.int({ min: 7, max: 13 }),
    gad7: anxious ? faker.number.int({ min: 12, max: 18 }) : faker.number.int({ min: 5, max: 11 }),
  };
  const step =
    course === 'improving' ? -faker.number.int({ min: 1, max: 2 }) : course === 'worsening' ? faker.number.int({ min: 1, max: 2 }) : 0;
  return { course, baseline, step, item9Positive };
}

/** The total at measurement `index` (0: the first), within the instrument's range, a point of noise either way. */
export function totalAt(faker: Faker, c: ScoreCourse, instrument: Instrument, index: number): number {
  const noise = c.course === 'flat' ? faker.number.int({ min: -2, max: 2 }) : faker.number.int({ min: -1, max: 1 });
  return Math.max(1, Math.min(MAX[instrument], c.baseline[instrument] + c.step * index + noise));
}

/** Answers (option codes) whose scored items add up to `total`; PHQ-9 item 9 only when `item9` is above 0. */
export function answersFor(faker: Faker, instrument: Instrument, total: number, item9 = 0): Answers {
  const items = SCORED[instrument];
  const values = items.map(() => 0);
  const free = instrument === 'phq9' ? items.length - 1 : items.length;
  if (instrument === 'phq9') values[8] = item9;
  let left = Math.min(total - item9, free * 3);
  while (left > 0) {
    const i = faker.number.int({ min: 0, max: free - 1 });
    if (values[i]! < 3) {
      values[i]!++;
      left--;
    }
  }
  const answers: Answers = Object.fromEntries(items.map((linkId, i) => [linkId, String(values[i])]));
  const sum = values.reduce((a, b) => a + b, 0);
  answers[DIFFICULTY[instrument]] = sum >= 15 ? 'very' : sum >= 5 ? 'somewhat' : 'not-difficult';
  return answers;
}

/** The built-in questionnaires as stored in the practice (their version ids are what responses pin). */
export type StoredInstruments = Record<Instrument, Questionnaire>;
