import { answerOf, isAnswered } from './items.ts';
import type { Answers, AnswerPrimitive, EnableWhen, QuestionnaireItem } from './types.ts';

/**
 * The comparable values of an answer: each entry of a repeating answer, a reference's id, a
 * primitive as is. Anything else (an address, a grid) can only be tested with `exists`.
 */
function comparables(value: unknown): AnswerPrimitive[] {
  const list = Array.isArray(value) ? value : [value];
  const out: AnswerPrimitive[] = [];
  for (const v of list) {
    if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out.push(v);
    else if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') out.push((v as { id: string }).id);
  }
  return out;
}

/** Numbers compare with numbers, strings with strings (ISO dates and times order as text). */
function compare(left: AnswerPrimitive, right: AnswerPrimitive): number | undefined {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return undefined;
}

/**
 * Whether one condition holds. A repeating answer satisfies `=` and the orderings when any entry
 * does; `!=` holds when no entry equals the value, so an unanswered question is `!=` anything.
 */
export function conditionHolds(condition: EnableWhen, answers: Answers): boolean {
  const value = answerOf(answers, condition.question);
  if (condition.operator === 'exists') return isAnswered(value) === (condition.answer !== false);
  const target = condition.answer;
  if (target === undefined) return false;
  const values = comparables(value);
  if (condition.operator === '=') return values.some((v) => v === target);
  if (condition.operator === '!=') return !values.some((v) => v === target);
  return values.some((v) => {
    const order = compare(v, target);
    if (order === undefined) return false;
    switch (condition.operator) {
      case '>':
        return order > 0;
      case '<':
        return order < 0;
      case '>=':
        return order >= 0;
      case '<=':
        return order <= 0;
      default:
        return false;
    }
  });
}

/**
 * Whether an item is shown and answered, from its own enableWhen conditions: And (all hold, the
 * default), Or (any holds), None (none holds). An item without conditions is always enabled.
 * `answers` should already lack disabled items' answers (see enabledAnswers) so that hiding a
 * question also hides what depends on it.
 */
export function isEnabled(item: Pick<QuestionnaireItem, 'enableWhen' | 'enableBehavior'>, answers: Answers): boolean {
  const conditions = Array.isArray(item.enableWhen) ? item.enableWhen : [];
  if (conditions.length === 0) return true;
  const results = conditions.map((c) => conditionHolds(c, answers ?? {}));
  switch (item.enableBehavior ?? 'And') {
    case 'Or':
      return results.some(Boolean);
    case 'None':
      return !results.some(Boolean);
    default:
      return results.every(Boolean);
  }
}
