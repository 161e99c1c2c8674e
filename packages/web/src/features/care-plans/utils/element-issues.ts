import type { CarePlanElement } from '@caseload/core';

/** An issue of a refusal or of the structure rules: `path` names a field of the plan. */
export interface PathIssue {
  path: string;
  message: string;
}

/**
 * The issues naming an element (`elements[i]...`), by that element's id in the list the issues
 * were found in, and the rest (naming the plan's other fields) apart.
 */
export function issuesByElement(
  issues: readonly PathIssue[],
  elements: readonly Pick<CarePlanElement, 'id'>[],
): { byElement: Map<string, string[]>; other: PathIssue[] } {
  const byElement = new Map<string, string[]>();
  const other: PathIssue[] = [];
  for (const issue of issues) {
    const index = /^elements\[(\d+)\]/.exec(issue.path)?.[1];
    const id = index === undefined ? undefined : elements[Number(index)]?.id;
    if (id === undefined) other.push(issue);
    else byElement.set(id, [...(byElement.get(id) ?? []), issue.message]);
  }
  return { byElement, other };
}
