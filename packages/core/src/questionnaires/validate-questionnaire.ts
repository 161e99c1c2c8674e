import { Calculations, DisplayVariants, Logics, PublishingStatuses, QuestionTypes } from '../enums.ts';
import { ANSWER_FORMATS } from './answer-formats.ts';
import { flattenItems } from './items.ts';
import { isValidPattern } from './regex-cache.ts';
import { ENABLE_WHEN_OPERATORS, type Questionnaire, type QuestionnaireItem, type ResponseIssue } from './types.ts';
import { OPTION_TYPES, PATTERN_TYPES, variantFits } from './variants.ts';

/** Messages of definition problems; `{path} is invalid.` and 'is a required field' are SPEC.md's. */
export const QUESTIONNAIRE_MESSAGES = {
  required: (path: string) => `${path} is a required field`,
  invalid: (path: string) => `${path} is invalid.`,
  oneOf: (path: string, values: readonly string[]) => `${path} must be one of the following values: ${values.join(', ')}`,
  duplicateLinkId: (linkId: string) => `linkId ${linkId} is used more than once.`,
  invalidPattern: (path: string) => `${path} is not a valid regular expression.`,
  unknownQuestion: (path: string, linkId: string) => `${path} names ${linkId}, which is not a question of this form.`,
  variantMismatch: (variant: string, type: string) => `The ${variant} display variant does not apply to ${type} questions.`,
  needsOptions: (path: string) => `${path} needs at least one answer option.`,
  needsRange: (path: string) => `${path} needs a min and a max.`,
  minAboveMax: (path: string) => `${path} has a min above its max.`,
  calculationCycle: (linkId: string) => `The calculation of ${linkId} depends on itself.`,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Problems with a questionnaire definition. Every save checks its shape (items are objects with
 * a linkId and a known type); publishing (`publishing: true`, a save as Active) also checks that
 * it can be answered: unique linkIds, variants that fit their types, options, ranges, patterns
 * that compile, conditions and calculations that name existing questions, no calculation cycles.
 */
export function questionnaireIssues(q: Partial<Questionnaire>, options: { publishing: boolean }): ResponseIssue[] {
  const M = QUESTIONNAIRE_MESSAGES;
  const issues: ResponseIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (typeof q.title !== 'string' || q.title.trim() === '') add('title', M.required('title'));
  if (!PublishingStatuses.includes(q.status as never)) add('status', M.oneOf('status', PublishingStatuses));
  if (!Array.isArray(q.items)) {
    add('items', M.invalid('items'));
    return issues;
  }
  const walk = (list: unknown, base: string) => {
    if (!Array.isArray(list)) return add(base, M.invalid(base));
    list.forEach((raw, i) => {
      const path = `${base}.${i}`;
      if (!isObject(raw)) return add(path, M.invalid(path));
      const item = raw as unknown as QuestionnaireItem;
      if (typeof item.linkId !== 'string' || !ANSWER_FORMATS.linkId.test(item.linkId)) add(`${path}.linkId`, M.invalid(`${path}.linkId`));
      if (!QuestionTypes.includes(item.type)) add(`${path}.type`, M.oneOf(`${path}.type`, QuestionTypes));
      if (item.items !== undefined) walk(item.items, `${path}.items`);
      if (options.publishing) publishChecks(item, path, add);
    });
  };
  walk(q.items, 'items');
  if (options.publishing && issues.length === 0) issues.push(...crossChecks(q.items));
  return issues;
}

function publishChecks(item: QuestionnaireItem, path: string, add: (path: string, message: string) => void): void {
  const M = QUESTIONNAIRE_MESSAGES;
  if (item.variant !== undefined) {
    if (!DisplayVariants.includes(item.variant)) add(`${path}.variant`, M.oneOf(`${path}.variant`, DisplayVariants));
    else if (QuestionTypes.includes(item.type) && !variantFits(item.variant, item.type))
      add(`${path}.variant`, M.variantMismatch(item.variant, item.type));
  }
  if (OPTION_TYPES.has(item.type)) {
    const opts = item.answerOptions;
    if (!Array.isArray(opts) || opts.length === 0) add(`${path}.answerOptions`, M.needsOptions(`${path}.answerOptions`));
    else {
      opts.forEach((o, j) => {
        if (!isObject(o) || typeof o.code !== 'string' || o.code === '' || typeof o.display !== 'string')
          add(`${path}.answerOptions.${j}`, M.invalid(`${path}.answerOptions.${j}`));
        else if (o.score !== undefined && (typeof o.score !== 'number' || !Number.isFinite(o.score)))
          add(`${path}.answerOptions.${j}.score`, M.invalid(`${path}.answerOptions.${j}.score`));
      });
      if (new Set(opts.map((o) => o?.code)).size !== opts.length)
        add(`${path}.answerOptions`, `${path}.answerOptions cannot have duplicates.`);
    }
  }
  if (item.type === 'Grid') {
    if (!Array.isArray(item.rows) || item.rows.length === 0) add(`${path}.rows`, M.needsOptions(`${path}.rows`));
    if (!Array.isArray(item.items) || item.items.length === 0) add(`${path}.items`, M.required(`${path}.items`));
  }
  if (item.variant === 'Slider' && (typeof item.min !== 'number' || typeof item.max !== 'number')) add(path, M.needsRange(path));
  for (const key of ['min', 'max'] as const) {
    const v = item[key];
    const numeric = item.type === 'Integer' || item.type === 'Decimal';
    if (v !== undefined && (numeric ? typeof v !== 'number' || !Number.isFinite(v) : typeof v !== 'string'))
      add(`${path}.${key}`, M.invalid(`${path}.${key}`));
  }
  if (item.min !== undefined && item.max !== undefined && typeof item.min === typeof item.max && item.min > item.max)
    add(path, M.minAboveMax(path));
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'step'] as const) {
    const v = item[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0)) add(`${path}.${key}`, M.invalid(`${path}.${key}`));
  }
  if (item.pattern !== undefined) {
    if (!PATTERN_TYPES.has(item.type) || !isValidPattern(item.pattern)) add(`${path}.pattern`, M.invalidPattern(`${path}.pattern`));
  }
  if (item.enableBehavior !== undefined && !Logics.includes(item.enableBehavior))
    add(`${path}.enableBehavior`, M.oneOf(`${path}.enableBehavior`, Logics));
  (Array.isArray(item.enableWhen) ? item.enableWhen : item.enableWhen === undefined ? [] : [null]).forEach((c, j) => {
    if (!isObject(c) || typeof c.question !== 'string' || !ENABLE_WHEN_OPERATORS.includes(c.operator as never))
      add(`${path}.enableWhen.${j}`, M.invalid(`${path}.enableWhen.${j}`));
  });
  const calc = item.calculation;
  if (
    calc !== undefined &&
    (!isObject(calc) ||
      !Calculations.includes(calc.kind) ||
      !Array.isArray(calc.sources) ||
      calc.sources.length === 0 ||
      calc.sources.some((s) => typeof s !== 'string'))
  ) {
    add(`${path}.calculation`, M.invalid(`${path}.calculation`));
  }
}

/** Checks across items: unique linkIds, references to existing questions, calculation cycles. */
function crossChecks(items: QuestionnaireItem[]): ResponseIssue[] {
  const M = QUESTIONNAIRE_MESSAGES;
  const issues: ResponseIssue[] = [];
  const all = flattenItems(items);
  const seen = new Set<string>();
  for (const item of all) {
    if (seen.has(item.linkId)) issues.push({ path: item.linkId, message: M.duplicateLinkId(item.linkId) });
    seen.add(item.linkId);
  }
  for (const item of all) {
    (item.enableWhen ?? []).forEach((c, j) => {
      if (!seen.has(c.question) || c.question === item.linkId)
        issues.push({ path: `${item.linkId}.enableWhen.${j}`, message: M.unknownQuestion(`${item.linkId}.enableWhen.${j}`, c.question) });
    });
    (item.calculation?.sources ?? []).forEach((s, j) => {
      if (!seen.has(s))
        issues.push({
          path: `${item.linkId}.calculation.sources.${j}`,
          message: M.unknownQuestion(`${item.linkId}.calculation.sources.${j}`, s),
        });
    });
  }
  const calcs = new Map(all.filter((i) => i.calculation).map((i) => [i.linkId, i.calculation!.sources]));
  const visiting = new Set<string>();
  const done = new Set<string>();
  const cyclic = (id: string): boolean => {
    if (done.has(id)) return false;
    if (visiting.has(id)) return true;
    visiting.add(id);
    const found = (calcs.get(id) ?? []).some(cyclic);
    visiting.delete(id);
    done.add(id);
    return found;
  };
  for (const id of calcs.keys()) if (cyclic(id)) issues.push({ path: id, message: M.calculationCycle(id) });
  return issues;
}
