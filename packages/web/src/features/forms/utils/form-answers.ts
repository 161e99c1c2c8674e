import {
  applyCalculations,
  enabledLinkIds,
  flattenItems,
  hashAnswers,
  prepareAnswers,
  validateResponse,
  type Answers,
  type Questionnaire,
  type QuestionnaireItem,
} from '@caseload/core';

type Definition = Pick<Questionnaire, 'items'>;

/**
 * The form's values as answers: empty text, empty lists and objects with nothing in them are
 * "no answer" (removed), so clearing a field removes its answer instead of storing ''.
 */
export function cleanAnswers(values: Record<string, unknown>): Answers {
  const out: Answers = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const clean = cleanValue(value, true);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/**
 * An answer without its empty parts. An empty list inside an object stays: a table taken from a
 * chart with no rows is `{ generatedAt, rows: [] }`, an answer in its own right.
 */
function cleanValue(value: unknown, top = false): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const list = value.map((v) => cleanValue(v)).filter((v) => v !== undefined);
    return list.length || !top ? list : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, cleanValue(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/** The linkIds other items' conditions or calculations read: only their changes re-run the form's logic. */
export function logicSources(questionnaire: Definition): Set<string> {
  const out = new Set<string>();
  for (const item of flattenItems(questionnaire.items)) {
    for (const c of item.enableWhen ?? []) out.add(c.question);
    for (const s of item.calculation?.sources ?? []) out.add(s);
  }
  return out;
}

/** What the form shows for these answers: which items are enabled, and every calculated value. */
export interface FormLogicState {
  enabled: Set<string>;
  calculated: Answers;
}

/**
 * The live state of the form's logic: calculations over the enabled answers (as the server stores
 * them), then which items those answers enable. Calculated items absent from `calculated` have no
 * value for now.
 */
export function computeLogic(questionnaire: Definition, answers: Answers): FormLogicState {
  const items = questionnaire.items ?? [];
  const enabledBefore = enabledLinkIds(items, answers);
  const kept = Object.fromEntries(Object.entries(answers).filter(([k]) => enabledBefore.has(k)));
  const applied = applyCalculations(items, kept);
  const calculated: Answers = {};
  for (const item of flattenItems(items)) {
    if (item.calculation && Object.hasOwn(applied, item.linkId)) calculated[item.linkId] = applied[item.linkId];
  }
  return { enabled: enabledLinkIds(items, { ...answers, ...calculated }), calculated };
}

/**
 * The answers an autosave may send: those with a problem (a date half typed, a number out of
 * range) are held back until fixed, so saving as you type never sends what the server refuses;
 * the form keeps showing them, with their messages. Required answers are not demanded here.
 */
export function savableAnswers(questionnaire: Definition, answers: Answers): Answers {
  const issues = validateResponse(questionnaire, { answers, completion: 'InProgress' });
  if (issues.length === 0) return prepareAnswers(questionnaire, answers);
  const bad = new Set(issues.map((i) => i.path.split('.')[0]!));
  const kept = Object.fromEntries(Object.entries(answers).filter(([k]) => !bad.has(k)));
  return prepareAnswers(questionnaire, kept);
}

/** The hash a signature made now records: of the answers as the server will store them. */
export function signedAnswersHash(questionnaire: Definition, answers: Answers): string {
  return hashAnswers(savableAnswers(questionnaire, answers));
}

/** The initial values of a new response: each item's `initial`, where it has one. */
export function initialAnswers(items: readonly QuestionnaireItem[]): Answers {
  const out: Answers = {};
  for (const item of flattenItems(items)) if (item.initial !== undefined) out[item.linkId] = item.initial;
  return out;
}
