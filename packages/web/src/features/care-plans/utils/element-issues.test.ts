import { carePlanStructureIssues, type CarePlanElement } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { issuesByElement } from './element-issues.ts';

describe('issuesByElement', () => {
  it("places each structure issue beside the element it names, by the element's id", () => {
    const elements: CarePlanElement[] = [
      { id: 'g1', kind: 'Goal', text: 'Sleep' },
      { id: 'o1', kind: 'Objective', text: 'Orphan' },
    ];
    const { byElement, other } = issuesByElement(
      [...carePlanStructureIssues({ elements }), { path: 'reviewDate', message: 'reviewDate must be a date.' }],
      elements,
    );
    expect([...byElement.keys()]).toEqual(['o1']);
    expect(byElement.get('o1')![0]).toContain("Objective 'o1' must belong to a goal");
    expect(other).toEqual([{ path: 'reviewDate', message: 'reviewDate must be a date.' }]);
  });

  it('keeps an issue naming an element no longer in the list with the others', () => {
    expect(issuesByElement([{ path: 'elements[4].parent', message: 'm' }], []).other).toHaveLength(1);
  });
});
