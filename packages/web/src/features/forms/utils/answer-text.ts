import { answerWords, type QuestionnaireItem, type ZonedClock } from '@caseload/core';

/**
 * An answer as the read-only and print modes show it: core's `answerWords` (the words a printout
 * uses too), with date-times on the practice's clock (`usePracticeTime`). '' when unanswered.
 */
export function answerText(item: QuestionnaireItem, value: unknown, clock: ZonedClock): string {
  return answerWords(item, value, { dateTime: (iso) => clock.formatDateTime(iso) });
}
