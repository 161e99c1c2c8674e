import type { AnswerOption, QuestionnaireItem } from '../types.ts';

/** The four answers of every PHQ and GAD frequency item, scored 0 to 3. */
export const FREQUENCY_OPTIONS: readonly AnswerOption[] = [
  { code: '0', display: 'Not at all', score: 0 },
  { code: '1', display: 'Several days', score: 1 },
  { code: '2', display: 'More than half the days', score: 2 },
  { code: '3', display: 'Nearly every day', score: 3 },
];

/** The unscored functional-difficulty answers that close both instruments. */
export const DIFFICULTY_OPTIONS: readonly AnswerOption[] = [
  { code: 'not-difficult', display: 'Not difficult at all' },
  { code: 'somewhat', display: 'Somewhat difficult' },
  { code: 'very', display: 'Very difficult' },
  { code: 'extremely', display: 'Extremely difficult' },
];

/** The Spitzer, Williams and Kroenke notice both instruments carry. */
export const PHQ_COPYRIGHT =
  'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an ' +
  'educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.';

/** A required frequency question (the scored items). */
export const frequencyItem = (linkId: string, text: string): QuestionnaireItem => ({
  linkId,
  type: 'Choice',
  text,
  required: true,
  answerOptions: FREQUENCY_OPTIONS.map((o) => ({ ...o })),
});

/** The difficulty question, asked only once any problem was checked. */
export const difficultyItem = (linkId: string, text: string, scored: readonly string[]): QuestionnaireItem => ({
  linkId,
  type: 'Choice',
  text,
  answerOptions: DIFFICULTY_OPTIONS.map((o) => ({ ...o })),
  // Asked once any problem was checked: any scored item answered above 'Not at all'.
  enableWhen: scored.map((question) => ({ question, operator: '>', answer: '0' })),
  enableBehavior: 'Or',
});
