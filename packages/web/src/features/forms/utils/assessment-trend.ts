import { bandColor, scoreColor, type QuestionnaireResponse, type ScoringDefinition, type ZonedClock } from '@caseload/core';

/** One point of a score trend: a scored response, when it was filled in, its total and band. */
export interface TrendPoint {
  responseId: string;
  /** UTC timestamp of the answers. */
  authored: string;
  /** The axis label: the day on the practice's calendar (yyyy-MM-dd). */
  date: string;
  score: number;
  band?: string;
  /** goodToBad colour of the band (or of the total when unbanded). */
  color: string;
}

/**
 * A patient's totals for one assessment, oldest first: only responses to that questionnaire with
 * a server-computed score and every scored item answered (a partial total is not a data point).
 */
export function trendPoints(
  responses: readonly QuestionnaireResponse[],
  questionnaireId: string,
  scoring: ScoringDefinition,
  clock: ZonedClock,
): TrendPoint[] {
  return responses
    .filter((r) => !r.meta?.isDeleted && r.questionnaire?.id === questionnaireId && r.score && r.score.answered === r.score.scoredItems)
    .map((r) => {
      const authored = r.authored ?? r.meta?.lastModified ?? '';
      const band = r.score!.band?.code;
      return {
        responseId: r.id,
        authored,
        date: clock.dateOf(authored),
        score: r.score!.total,
        band: r.score!.band?.label,
        color: (band && bandColor(scoring, band)) || scoreColor(scoring, r.score!.total),
      };
    })
    .sort((a, b) => (a.authored < b.authored ? -1 : a.authored > b.authored ? 1 : 0));
}
