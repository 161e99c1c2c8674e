import { COLOR_SCALES } from '../web/color-scales.ts';
import { itemsByLinkId } from './items.ts';
import type { Answers, Questionnaire, ResponseScore, ScoreBand, ScoringDefinition } from './types.ts';

/** The option score of one answer (a choice code), or undefined when unanswered or unscored. */
function optionScore(q: Pick<Questionnaire, 'items'>, linkId: string, answers: Answers): number | undefined {
  const value = Object.hasOwn(answers ?? {}, linkId) ? answers[linkId] : undefined;
  if (typeof value !== 'string') return undefined;
  const score = itemsByLinkId(q.items)
    .get(linkId)
    ?.answerOptions?.find((o) => o.code === value)?.score;
  return typeof score === 'number' && Number.isFinite(score) ? score : undefined;
}

/** The band a total falls in, or undefined outside every band. */
export function bandOf(scoring: ScoringDefinition, total: number): ScoreBand | undefined {
  return scoring.bands.find((b) => total >= b.min && total <= b.max);
}

/**
 * The score of a response to a scored assessment: the sum of its scored items' option scores,
 * banded only when every scored item is answered (a partial PHQ-9 is not "minimal"). Alerts
 * fire on single answers whatever the total. Undefined for an unscored questionnaire.
 */
export function scoreAssessment(q: Pick<Questionnaire, 'items' | 'scoring'>, answers: Answers): ResponseScore | undefined {
  const scoring = q.scoring;
  if (!scoring || scoring.method !== 'Sum') return undefined;
  const scores = scoring.items.map((id) => optionScore(q, id, answers));
  const answered = scores.filter((s): s is number => s !== undefined);
  const total = answered.reduce((a, b) => a + b, 0);
  const result: ResponseScore = { total, maxScore: scoring.maxScore, answered: answered.length, scoredItems: scoring.items.length };
  if (answered.length === scoring.items.length) {
    const band = bandOf(scoring, total);
    if (band) result.band = band;
  }
  const alerts = (scoring.alerts ?? []).filter((a) => (optionScore(q, a.linkId, answers) ?? -Infinity) >= a.minScore).map((a) => a.message);
  if (alerts.length) result.alerts = alerts;
  return result;
}

/**
 * A band's colour on the goodToBad chart scale: the first band is the good end (green), the last
 * the bad end (red), the others evenly between, so every instrument's trend chart reads alike.
 */
export function bandColor(scoring: ScoringDefinition, bandCode: string): string | undefined {
  const index = scoring.bands.findIndex((b) => b.code === bandCode);
  if (index === -1) return undefined;
  const t = scoring.bands.length === 1 ? 0 : index / (scoring.bands.length - 1);
  return COLOR_SCALES.goodToBad(t);
}

/** A total's colour on the goodToBad scale, by its share of the highest possible score. */
export function scoreColor(scoring: ScoringDefinition, total: number): string {
  return COLOR_SCALES.goodToBad(scoring.maxScore > 0 ? total / scoring.maxScore : 0);
}
