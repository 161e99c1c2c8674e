import type { QuestionnaireDefinition } from '../types.ts';
import { GAD7 } from './gad-7.ts';
import { PHQ9 } from './phq-9.ts';

export { FREQUENCY_OPTIONS, DIFFICULTY_OPTIONS } from './frequency-options.ts';
export { GAD7, GAD7_ID } from './gad-7.ts';
export { PHQ9, PHQ9_ID } from './phq-9.ts';

/** The scored assessments every practice has, seeded with fixed ids when a practice is provisioned. */
export const BUILT_IN_QUESTIONNAIRES: readonly QuestionnaireDefinition[] = [PHQ9, GAD7];
