import { answerOf, flattenItems, isAnswered } from './items.ts';
import type { Answers, QuestionnaireItem } from './types.ts';

/** Decimal noise from binary fractions (0.1 + 0.2) is cut at 10 places, far below any unit used. */
/**
 * Rounds away binary noise (0.1 + 0.2 shows 0.3). A result too large to represent (a product of
 * huge answers) has no value rather than Infinity, which no answer can hold.
 */
const tidy = (n: number) => (Number.isFinite(n) ? Number(n.toFixed(10)) || 0 : undefined);

/**
 * The numbers an answer contributes to a calculation: a number as is; a choice by its option's
 * score; true/false as 1/0; each entry of a repeating answer. Anything else contributes nothing.
 */
function numbersOf(value: unknown, source: QuestionnaireItem | undefined): number[] {
  const list = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const v of list) {
    if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
    else if (typeof v === 'boolean') out.push(v ? 1 : 0);
    else if (typeof v === 'string') {
      const score = source?.answerOptions?.find((o) => o.code === v)?.score;
      if (typeof score === 'number' && Number.isFinite(score)) out.push(score);
    }
  }
  return out;
}

/**
 * A calculated item's live value from the other answers, or undefined while it has none.
 * - Sum and Multiply: over the answered sources; undefined when none is answered.
 * - Difference: the first source minus the rest (unanswered later sources count as nothing);
 *   undefined while the first is unanswered.
 * - Average: over the answered sources only; undefined when none is.
 * - Copy: the first source's answer as it is, whatever its type.
 * `sources` gives the source items, so a choice counts by its option score.
 */
export function calculate(
  item: Pick<QuestionnaireItem, 'calculation'>,
  answers: Answers,
  sources?: ReadonlyMap<string, QuestionnaireItem>,
): unknown {
  const calculation = item.calculation;
  if (!calculation || !Array.isArray(calculation.sources) || calculation.sources.length === 0) return undefined;
  const ids = calculation.sources;
  if (calculation.kind === 'Copy') {
    const value = answerOf(answers, ids[0]!);
    return isAnswered(value) ? value : undefined;
  }
  const perSource = ids.map((id) => numbersOf(answerOf(answers, id), sources?.get(id)));
  const all = perSource.flat();
  switch (calculation.kind) {
    case 'Sum':
      return all.length ? tidy(all.reduce((a, b) => a + b, 0)) : undefined;
    case 'Multiply':
      return all.length ? tidy(all.reduce((a, b) => a * b, 1)) : undefined;
    case 'Average':
      return all.length ? tidy(all.reduce((a, b) => a + b, 0) / all.length) : undefined;
    case 'Difference': {
      const [first, ...rest] = perSource;
      if (!first?.length) return undefined;
      return tidy(first.reduce((a, b) => a + b, 0) - rest.flat().reduce((a, b) => a + b, 0));
    }
    default:
      return undefined;
  }
}

/**
 * The answers with every calculated item set from the others (or removed while it has no
 * value). Calculations may read other calculations: items are computed in dependency order,
 * which publishing guarantees has no cycle; a cycle in a draft just stops after one pass per item.
 */
export function applyCalculations(items: readonly QuestionnaireItem[], answers: Answers): Answers {
  const all = flattenItems(items);
  const byId = new Map(all.map((i) => [i.linkId, i]));
  const calculated = all.filter((i) => i.calculation);
  const out: Answers = { ...answers };
  for (let pass = 0; pass < calculated.length; pass++) {
    let changed = false;
    for (const item of calculated) {
      const value = calculate(item, out, byId);
      const before = out[item.linkId];
      if (value === undefined) {
        if (Object.hasOwn(out, item.linkId)) {
          delete out[item.linkId];
          changed = true;
        }
      } else if (JSON.stringify(before) !== JSON.stringify(value)) {
        out[item.linkId] = value;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return out;
}
