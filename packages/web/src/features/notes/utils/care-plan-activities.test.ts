import type { CarePlan, Encounter } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { activityOf, plansShown, recordProgress, toggleAddressed } from './care-plan-activities.ts';

const plan = { resourceType: 'CarePlan', id: 'p1', title: 'Plan', status: 'Active', elements: [] } as unknown as CarePlan;
const encounter = { resourceType: 'Encounter', id: 'e1', partition: 'pt', participants: [] } as unknown as Encounter;

describe('care-plan activities of a note', () => {
  it('ticks and unticks an element, removing the list when empty', () => {
    const ticked = toggleAddressed(encounter, plan, 'g1', true);
    expect(ticked.carePlanActivities).toEqual([{ carePlan: { resourceType: 'CarePlan', id: 'p1', display: 'Plan' }, element: 'g1' }]);
    expect(toggleAddressed(ticked, plan, 'g1', true)).toEqual(ticked);
    expect('carePlanActivities' in toggleAddressed(ticked, plan, 'g1', false)).toBe(false);
  });

  it('records progress and its comment on the element, ticking it', () => {
    const withProgress = recordProgress(encounter, plan, 'g1', 'InProgress', 'Better sleep');
    expect(activityOf(withProgress, 'p1', 'g1')).toMatchObject({ progress: 'InProgress', comment: 'Better sleep' });
    const cleared = recordProgress(withProgress, plan, 'g1', null, '');
    expect(activityOf(cleared, 'p1', 'g1')).toEqual({ carePlan: expect.objectContaining({ id: 'p1' }), element: 'g1' });
  });

  it('shows active plans and any plan the session already named', () => {
    const done = { ...plan, id: 'p2', status: 'Completed' } as CarePlan;
    expect(plansShown([plan, done], encounter).map((p) => p.id)).toEqual(['p1']);
    expect(plansShown([plan, done], toggleAddressed(encounter, done, 'g1', true)).map((p) => p.id)).toEqual(['p1', 'p2']);
  });
});
