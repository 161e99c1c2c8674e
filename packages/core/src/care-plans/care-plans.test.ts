import { describe, expect, it } from 'vitest';
import { evaluateNoteCompleteness } from '../notes/note-completeness.ts';
import { carePlanProgress, goalThreadIssues, goalThreads, noteAddressesNoGoal, progressIssues } from './care-plan-progress.ts';
import { CARE_PLAN_MESSAGES, carePlanContentHash, carePlanStructureIssues, goalBranches, goalOfElement } from './care-plan-structure.ts';
import type { CarePlan, CarePlanElement } from './types.ts';

const plan = (elements: CarePlanElement[]): Pick<CarePlan, 'id' | 'status' | 'elements'> => ({ id: 'p1', status: 'Active', elements });
const goal = (id: string): CarePlanElement => ({ id, kind: 'Goal', text: id });
const objective = (id: string, parent?: string): CarePlanElement => ({ id, kind: 'Objective', text: id, ...(parent && { parent }) });
const intervention = (id: string, parent?: string): CarePlanElement => ({ id, kind: 'Intervention', text: id, ...(parent && { parent }) });
const TREE = [goal('g1'), objective('o1', 'g1'), intervention('i1', 'o1'), intervention('i2', 'g1'), goal('g2'), objective('o2', 'g2')];

describe('the plan tree', () => {
  it('accepts goals with objectives, and interventions under an objective or a goal', () => {
    expect(carePlanStructureIssues(plan(TREE))).toEqual([]);
  });

  it('names each element out of place, at its parent', () => {
    const issues = carePlanStructureIssues(
      plan([
        goal('g1'),
        objective('lonely'),
        intervention('orphan'),
        objective('under-i', 'i1'),
        intervention('i1', 'g1'),
        intervention('elsewhere', 'g9'),
        { ...goal('g2'), parent: 'g1' },
        objective('o3', 'o9'),
      ]),
    );
    expect(issues).toEqual([
      { path: 'elements[1].parent', message: CARE_PLAN_MESSAGES.objectiveWithoutGoal('lonely') },
      { path: 'elements[2].parent', message: CARE_PLAN_MESSAGES.interventionWithoutParent('orphan') },
      { path: 'elements[3].parent', message: CARE_PLAN_MESSAGES.wrongParent('Objective', 'under-i', 'i1', 'Intervention') },
      { path: 'elements[5].parent', message: CARE_PLAN_MESSAGES.parentMissing('Intervention', 'elsewhere', 'g9') },
      { path: 'elements[6].parent', message: CARE_PLAN_MESSAGES.goalWithParent('g2') },
      { path: 'elements[7].parent', message: CARE_PLAN_MESSAGES.parentMissing('Objective', 'o3', 'o9') },
    ]);
    expect(issues[2]!.message).toBe("Objective 'under-i' cannot belong to intervention 'i1': an objective belongs to a goal.");
  });

  it('refuses an intervention under another intervention, and an id used twice', () => {
    expect(carePlanStructureIssues(plan([goal('g1'), intervention('i1', 'g1'), intervention('i2', 'i1'), goal('g1')]))).toEqual([
      { path: 'elements[3].id', message: CARE_PLAN_MESSAGES.duplicateId('g1') },
      { path: 'elements[2].parent', message: CARE_PLAN_MESSAGES.wrongParent('Intervention', 'i2', 'i1', 'Intervention') },
    ]);
  });

  it('groups elements under their goals', () => {
    const branches = goalBranches(plan(TREE));
    expect(branches.map((b) => [b.goal.id, b.objectives.map((o) => o.id), b.interventions.map((i) => i.id)])).toEqual([
      ['g1', ['o1'], ['i1', 'i2']],
      ['g2', ['o2'], []],
    ]);
    expect(goalOfElement(plan(TREE), 'i1')).toBe('g1');
    expect(goalOfElement(plan(TREE), 'nope')).toBeUndefined();
  });

  it('hashes the content, not the signatures, so revising the text changes the hash', () => {
    const base = { patient: { resourceType: 'Patient', id: 'pt' }, status: 'Active' as const, elements: TREE };
    expect(carePlanContentHash(base)).toBe(carePlanContentHash({ ...base, signatures: [] } as typeof base));
    expect(carePlanContentHash(base)).not.toBe(carePlanContentHash({ ...base, elements: TREE.slice(1) }));
  });
});

describe('progress', () => {
  const sessions = [
    {
      id: 's2',
      date: '2024-03-01',
      carePlan: { resourceType: 'CarePlan', id: 'p1' },
      progress: [{ element: 'g1', status: 'Achieved' as const }],
    },
    {
      id: 's1',
      date: '2024-02-01',
      carePlan: { resourceType: 'CarePlan', id: 'p1' },
      progress: [{ element: 'o1', status: 'InProgress' as const, comment: 'Started' }],
    },
    {
      id: 'x',
      date: '2024-02-01',
      carePlan: { resourceType: 'CarePlan', id: 'other' },
      progress: [{ element: 'g1', status: 'Abandoned' as const }],
    },
  ];
  const notes = [
    {
      encounter: 'e1',
      date: '2024-03-01T13:00:00Z',
      activities: [{ carePlan: { resourceType: 'CarePlan', id: 'p1' }, element: 'g1', progress: 'InProgress' as const }],
    },
  ];

  it("orders entries by date, a review after the same day's note, and answers the newest as current", () => {
    const timelines = carePlanProgress(plan(TREE), sessions, notes);
    expect(timelines.map((t) => t.element)).toEqual(['g1', 'o1', 'g2', 'o2']);
    expect(timelines[0]!.entries).toEqual([
      { date: '2024-03-01', status: 'InProgress', source: { resourceType: 'Encounter', id: 'e1' } },
      { date: '2024-03-01', status: 'Achieved', source: { resourceType: 'CarePlanSession', id: 's2' } },
    ]);
    expect(timelines[0]!.current).toBe('Achieved');
    expect(timelines[1]).toMatchObject({ current: 'InProgress', entries: [{ comment: 'Started' }] });
    expect(timelines[2]).toEqual({ element: 'g2', entries: [], current: 'NotAchieved' });
  });

  it('finds the sessions per goal through its objectives and interventions', () => {
    const session = (encounter: string, date: string, element: string) => ({
      encounter,
      date,
      activities: [{ carePlan: { resourceType: 'CarePlan', id: 'p1' }, element }],
    });
    const threads = goalThreads(plan(TREE), [
      session('b', '2024-02-02', 'i1'),
      session('a', '2024-01-01', 'o1'),
      session('c', '2024-01-05', 'o2'),
    ]);
    expect(threads.map((t) => [t.goal, t.sessions.map((s) => s.encounter)])).toEqual([
      ['g1', ['a', 'b']],
      ['g2', ['c']],
    ]);
  });

  it('refuses progress on a cancelled plan, an element of no plan here, and on an intervention', () => {
    expect(progressIssues(undefined, 'p9', [], 'carePlan')).toEqual([{ path: 'carePlan', message: CARE_PLAN_MESSAGES.planNotFound('p9') }]);
    expect(progressIssues({ ...plan(TREE), status: 'Cancelled' }, 'p1', [], 'carePlan')).toEqual([
      { path: 'carePlan', message: CARE_PLAN_MESSAGES.planCancelled('p1') },
    ]);
    expect(
      progressIssues(
        plan(TREE),
        'p1',
        [
          { element: 'g1', recordsProgress: true, path: 'a' },
          { element: 'i1', recordsProgress: false, path: 'b' },
          { element: 'i1', recordsProgress: true, path: 'c' },
          { element: 'zz', recordsProgress: false, path: 'd' },
        ],
        'carePlan',
      ),
    ).toEqual([
      { path: 'c', message: CARE_PLAN_MESSAGES.progressOnIntervention('i1') },
      { path: 'd', message: CARE_PLAN_MESSAGES.elementNotInPlan('zz', 'p1') },
    ]);
  });
});

describe('the golden-thread rule', () => {
  const activity = { carePlan: { resourceType: 'CarePlan', id: 'p1' }, element: 'g1' };

  it('flags a seen session of a patient with an active plan that addressed nothing', () => {
    expect(noteAddressesNoGoal({ encounter: { visitStatus: 'Show' }, activeCarePlans: 1 })).toBe(true);
    expect(noteAddressesNoGoal({ encounter: { visitStatus: 'Show', carePlanActivities: [activity] }, activeCarePlans: 1 })).toBe(false);
    expect(noteAddressesNoGoal({ encounter: { visitStatus: 'NoShow' }, activeCarePlans: 1 })).toBe(false);
    expect(noteAddressesNoGoal({ encounter: {}, activeCarePlans: 0 })).toBe(false);
  });

  it('blocks signing only when the practice requires it', () => {
    expect(goalThreadIssues({ encounter: {}, activeCarePlans: 1, required: false })).toEqual([]);
    expect(goalThreadIssues({ encounter: {}, activeCarePlans: 1, required: true })).toEqual([
      { path: 'encounter.carePlanActivities', message: CARE_PLAN_MESSAGES.noGoalAddressed },
    ]);
  });

  it('is part of the note completeness evaluator the editor and signing share', () => {
    const input = { note: { sections: [] }, encounter: { visitStatus: 'Show' as const }, forms: new Map(), activeCarePlans: 1 };
    expect(evaluateNoteCompleteness({ ...input, preferences: { requirePlaceOfService: false } })).toEqual([]);
    expect(evaluateNoteCompleteness({ ...input, preferences: { requirePlaceOfService: false, requireCarePlanGoalToSign: true } })).toEqual([
      { path: 'encounter.carePlanActivities', message: CARE_PLAN_MESSAGES.noGoalAddressed },
    ]);
  });

  it('owes a required GoalsObjectives tick and a GoalTracking progress only when there is an active plan', () => {
    const definition = {
      sections: [
        {
          key: 'g',
          title: 'Goals',
          kind: 'Form' as const,
          required: true,
          elements: [
            { key: 'go', type: 'GoalsObjectives' as const },
            { key: 'gt', type: 'GoalTracking' as const },
          ],
        },
      ],
    };
    const base = { note: { sections: [] }, definition, forms: new Map(), preferences: { requirePlaceOfService: false } };
    expect(evaluateNoteCompleteness({ ...base, encounter: { visitStatus: 'Show' as const }, activeCarePlans: 0 })).toEqual([]);
    expect(evaluateNoteCompleteness({ ...base, encounter: { visitStatus: 'Show' as const }, activeCarePlans: 1 })).toEqual([
      { path: 'encounter.carePlanActivities', message: 'Goals: GoalsObjectives is required.' },
      { path: 'encounter.carePlanActivities', message: 'Goals: GoalTracking is required.' },
    ]);
    const ticked = { visitStatus: 'Show' as const, carePlanActivities: [{ ...activity, progress: 'InProgress' as const }] };
    expect(evaluateNoteCompleteness({ ...base, encounter: ticked, activeCarePlans: 1 })).toEqual([]);
  });
});
