import { CARE_PLAN_REVISABLE_FIELDS, canonicalJson, type CarePlan } from '@caseload/core';

/**
 * What a revision sends: each revisable field the working copy changed, with its new value; a
 * field removed is sent as null (the server then removes it). Empty when nothing changed.
 */
export function revisionChanges(signed: CarePlan, working: CarePlan): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of CARE_PLAN_REVISABLE_FIELDS) {
    const before = signed[field] ?? null;
    const after = working[field] ?? null;
    if (canonicalJson(before) !== canonicalJson(after)) changes[field] = after;
  }
  return changes;
}

/** The words of the fields a revision changes: "elements, review date". */
export function changedFieldNames(fields: readonly string[]): string {
  const names: Record<string, string> = {
    reviewDate: 'review date',
    episodeOfCare: 'episode of care',
    careTeam: 'care team',
    elements: 'goals',
  };
  return fields.map((f) => names[f] ?? f).join(', ');
}
