import { enabledAnswers, enabledLinkIds } from './enabled-answers.ts';
import { COMPUTED_TYPES, answerOf, flattenItems, isAnswered, isDisplayOnly } from './items.ts';
import type { Answers, QuestionnaireItem } from './types.ts';

/** A required question left unanswered: its linkId, its number among the questions and its text. */
export interface UnansweredItem {
  linkId: string;
  /** 1-based position among the questions people answer (PHQ-9's items are 1 to 10). */
  number: number;
  text?: string;
}

/** Whether an item is a question a person answers (not a heading, a block of text, a callout or a signature). */
const isQuestion = (item: QuestionnaireItem) => !isDisplayOnly(item) && item.type !== 'Signature';

/** Whether people type the item's answer (not computed by a calculation or from the chart). */
const isTyped = (item: QuestionnaireItem) => !item.calculation && !COMPUTED_TYPES.has(item.type);

/**
 * The required questions of a questionnaire these answers leave unanswered, in document order.
 * Only enabled questions count (a question hidden by its enableWhen is not asked); calculated and
 * computed items are filled by the form, never by a person, so they are never missing. Signature
 * questions are signed on a response, not answered, and are left to the response's own checks.
 */
export function unansweredRequiredItems(items: readonly QuestionnaireItem[] | undefined, answers: Answers | undefined): UnansweredItem[] {
  const given = answers ?? {};
  const questions = flattenItems(items).filter(isQuestion);
  const enabled = enabledLinkIds(items ?? [], given);
  const missing: UnansweredItem[] = [];
  questions.forEach((item, i) => {
    if (!item.required || !isTyped(item) || !enabled.has(item.linkId)) return;
    if (isAnswered(answerOf(given, item.linkId))) return;
    missing.push({ linkId: item.linkId, number: i + 1, ...(item.text && { text: item.text }) });
  });
  return missing;
}

/** Whether anyone has answered a question of the form yet (calculated values do not count: the form fills them). */
export function hasTypedAnswers(items: readonly QuestionnaireItem[] | undefined, answers: Answers | undefined): boolean {
  const typed = flattenItems(items).filter((item) => isQuestion(item) && isTyped(item));
  const given = enabledAnswers(items ?? [], answers ?? {});
  return typed.some((item) => isAnswered(answerOf(given, item.linkId)));
}

/** True when the questionnaire has a question someone must answer. */
export const hasRequiredItems = (items: readonly QuestionnaireItem[] | undefined) =>
  flattenItems(items).some((item) => item.required && isQuestion(item) && isTyped(item));
