import { carePlanStructureIssues, type CarePlan } from '@caseload/core';

/** Why the editor keeps a working copy on screen instead of saving it. */
export type SaveHold = 'structure' | 'blankText';

/**
 * Why a working copy is not sent: a tree the structure rules refuse, or an element still without
 * its text (just added; the server requires text, and a refusal of every new element would be noise).
 */
export function saveHold(plan: Pick<CarePlan, 'elements'>): SaveHold | undefined {
  if (carePlanStructureIssues(plan).length > 0) return 'structure';
  return plan.elements.some((e) => !e.text.trim()) ? 'blankText' : undefined;
}
