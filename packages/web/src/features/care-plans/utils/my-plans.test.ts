import type { CarePlan } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { daysOverdue, myPlansInOrder } from './my-plans.ts';

const plan = (id: string, status: CarePlan['status'], reviewDate?: string): CarePlan => ({
  resourceType: 'CarePlan',
  id,
  meta: { versionId: 'v1', lastModified: '2026-01-01T00:00:00Z' },
  partition: 'p',
  patient: { resourceType: 'Patient', id: 'p' },
  status,
  elements: [],
  ...(reviewDate && { reviewDate }),
});

describe('myPlansInOrder', () => {
  it('lists each plan once, active first, the soonest review first', () => {
    const authored = [plan('done', 'Completed', '2026-01-01'), plan('late', 'Active', '2026-02-01'), plan('none', 'Active')];
    const team = [plan('soon', 'Active', '2026-01-15'), plan('late', 'Active', '2026-02-01')];
    expect(myPlansInOrder(authored, team).map((p) => p.id)).toEqual(['soon', 'late', 'none', 'done']);
  });

  it('counts days past the review date', () => {
    expect(daysOverdue('2026-03-01', '2026-03-04')).toBe(3);
    expect(daysOverdue('2026-03-10', '2026-03-04')).toBe(-6);
  });
});
