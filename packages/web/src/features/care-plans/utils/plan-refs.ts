import type { Condition, EpisodeOfCare, Reference } from '@caseload/core';

/** A reference to a resource by id, with its display so lists can name it. */
export const refTo = (resourceType: string, id: string, display?: string): Reference => ({
  resourceType,
  id,
  ...(display && { display }),
});

/** "F32.1 Major depressive disorder, single episode, moderate". */
export const conditionLabel = (c: Pick<Condition, 'code'>) => `${c.code.code} ${c.code.display ?? ''}`.trim();

/** "Episode from 2026-01-04 (active)". */
export const episodeLabel = (e: Pick<EpisodeOfCare, 'period' | 'status'>) =>
  `Episode${e.period?.start ? ` from ${e.period.start.slice(0, 10)}` : ''} (${e.status})`;

/** A date field's value as the plan stores it: a day, or nothing. */
export const dayOrUndefined = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
