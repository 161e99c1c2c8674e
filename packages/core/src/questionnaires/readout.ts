import { answerWords, type AnswerWordsOptions } from './answer-words.ts';
import { enabledLinkIds } from './enabled-answers.ts';
import { answerOf, flattenItems, isDisplayOnly } from './items.ts';
import { scoreAssessment } from './scoring.ts';
import type { Answers, Questionnaire, QuestionnaireItem, ResponseScore } from './types.ts';

/** One line of a readout: a heading (a Header's text or an instruction) or a numbered question with its answer. */
export type ReadoutRow =
  | { kind: 'heading'; text: string }
  | {
      kind: 'question';
      linkId: string;
      /** 1-based position among the form's questions, asked or not (PHQ-9's item 9 is number 9). */
      number: number;
      text: string;
      /** The answer in words; undefined when unanswered. */
      answer?: string;
      /** The answer's points when the item counts towards the score. */
      score?: number;
    };

/** A questionnaire answered, as a clinician reads it back: its name, each question with the answer's words, the score. */
export interface QuestionnaireReadout {
  title: string;
  description?: string;
  rows: ReadoutRow[];
  /** Total, band and alerts of a scored questionnaire (scoreAssessment). */
  score?: ResponseScore;
}

/** Grid answers as `row: column answer, …` per row answered. */
function gridWords(item: QuestionnaireItem, value: unknown, options: AnswerWordsOptions): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const cells = value as Record<string, Record<string, unknown> | undefined>;
  const rows = (item.rows ?? []).flatMap((row) => {
    const answered = (item.items ?? [])
      .map((column) => [column.text ?? column.linkId, answerWords(column, cells[row.code]?.[column.linkId], options)] as const)
      .filter(([, words]) => words)
      .map(([column, words]) => `${column} ${words}`);
    return answered.length ? [`${row.display}: ${answered.join(', ')}`] : [];
  });
  return rows.length ? rows.join('; ') : undefined;
}

/**
 * The questions asked (enabled by these answers), in document order, with their answers in
 * words and, for scored items, the points the answer gives; then the score the one scoring
 * function (scoreAssessment) gives. Signatures, computed tables and spacing are left out: a
 * printout shows the answers, not the form's furniture.
 */
export function questionnaireReadout(
  questionnaire: Pick<Questionnaire, 'title' | 'description' | 'items' | 'scoring'>,
  answers: Answers | undefined,
  options: AnswerWordsOptions = {},
): QuestionnaireReadout {
  const given = answers ?? {};
  const enabled = enabledLinkIds(questionnaire.items ?? [], given);
  const scored = new Set(questionnaire.scoring?.items ?? []);
  // Numbered by position among every question, so a question hidden by its conditions leaves a gap, never renumbers the rest.
  const numbers = new Map(
    flattenItems(questionnaire.items)
      .filter((i) => !isDisplayOnly(i) && i.type !== 'Signature')
      .map((item, i) => [item.linkId, i + 1]),
  );
  const rows: ReadoutRow[] = [];
  const walk = (items: readonly QuestionnaireItem[] | undefined) => {
    for (const item of items ?? []) {
      if (!enabled.has(item.linkId)) continue;
      if (isDisplayOnly(item)) {
        if (item.variant !== 'ParagraphBreak' && item.text?.trim()) rows.push({ kind: 'heading', text: item.text.trim() });
        if (item.type === 'Header') walk(item.items);
        continue;
      }
      if (item.type === 'Signature' || item.type === 'TableReport' || item.type === 'ServiceEvents') continue;
      const value = answerOf(given, item.linkId);
      const words = item.type === 'Grid' ? gridWords(item, value, options) : answerWords(item, value, options);
      const points = scored.has(item.linkId) ? item.answerOptions?.find((o) => o.code === value)?.score : undefined;
      rows.push({
        kind: 'question',
        linkId: item.linkId,
        number: numbers.get(item.linkId) ?? 0,
        text: item.text?.trim() || item.linkId,
        ...(words && { answer: words }),
        ...(typeof points === 'number' && { score: points }),
      });
    }
  };
  walk(questionnaire.items);
  const score = scoreAssessment(questionnaire, given);
  return {
    title: questionnaire.title,
    ...(questionnaire.description && { description: questionnaire.description }),
    rows,
    ...(score && { score }),
  };
}
