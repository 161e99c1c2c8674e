import type { DisplayVariant, QuestionType } from '../enums.ts';
import type { Answers, QuestionnaireItem } from './types.ts';

/** Types that show something but are never answered. */
export const DISPLAY_ONLY_TYPES: ReadonlySet<QuestionType> = new Set(['Header', 'TextBlock']);
/** Types whose value the server or renderer computes; people never type them. */
export const COMPUTED_TYPES: ReadonlySet<QuestionType> = new Set(['TableReport', 'ServiceEvents']);
/** Variants that turn any item into display only. */
export const DISPLAY_ONLY_VARIANTS: ReadonlySet<DisplayVariant> = new Set(['InformationalCallout', 'WarningCallout', 'ParagraphBreak']);

/** True when the item holds no answer of its own (headings, text blocks, callouts, signatures). */
export function isDisplayOnly(item: QuestionnaireItem): boolean {
  return DISPLAY_ONLY_TYPES.has(item.type) || (item.variant !== undefined && DISPLAY_ONLY_VARIANTS.has(item.variant));
}

/**
 * Every item in document order, children after their parent. Grid columns are not included:
 * they are templates of the Grid's cells, not questions of their own.
 */
export function flattenItems(items: readonly QuestionnaireItem[] | undefined): QuestionnaireItem[] {
  const out: QuestionnaireItem[] = [];
  const walk = (list: readonly QuestionnaireItem[] | undefined) => {
    for (const item of list ?? []) {
      out.push(item);
      if (item.type !== 'Grid') walk(item.items);
    }
  };
  walk(items);
  return out;
}

/**
 * How many questions a form asks: every item at any depth that takes an answer, so headings,
 * groups, text blocks, callouts, signatures and computed tables are not counted (PHQ-9 is its
 * nine items and the difficulty question under one heading: 10, not the 2 items at its top).
 */
export function questionCount(items: readonly QuestionnaireItem[] | undefined): number {
  return flattenItems(items).filter((i) => !isDisplayOnly(i) && i.type !== 'Signature' && !COMPUTED_TYPES.has(i.type)).length;
}

/** Items by linkId (the first wins if a draft repeats one; publishing refuses duplicates). */
export function itemsByLinkId(items: readonly QuestionnaireItem[] | undefined): Map<string, QuestionnaireItem> {
  const map = new Map<string, QuestionnaireItem>();
  for (const item of flattenItems(items)) if (!map.has(item.linkId)) map.set(item.linkId, item);
  return map;
}

/** Whether a value counts as an answer: not absent, not '', not an empty list or object. */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.some(isAnswered);
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** The own, present answer of a linkId (never a prototype property such as `constructor`). */
export function answerOf(answers: Answers | undefined, linkId: string): unknown {
  if (!answers || typeof answers !== 'object' || !Object.hasOwn(answers, linkId)) return undefined;
  return answers[linkId];
}
