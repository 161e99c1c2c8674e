import { carePlanStructureIssues, type CarePlanGoalTemplate } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { addGoalFromTemplate, linesOf, templatesForPlan } from './goal-templates.ts';

const template = (id: string, program?: string, extra: Partial<CarePlanGoalTemplate> = {}): CarePlanGoalTemplate => ({
  resourceType: 'CarePlanGoalTemplate',
  id,
  meta: { versionId: 'v', lastModified: '2026-01-01T00:00:00Z' },
  name: id,
  goal: `Goal of ${id}`,
  ...(program && { program: { resourceType: 'Program', id: program } }),
  ...extra,
});

describe('goal templates', () => {
  it("offers the active templates of the plan's program and those of none, by name", () => {
    const all = [template('b', 'p1'), template('a'), template('c', 'p2'), template('d', 'p1', { active: false })];
    expect(templatesForPlan(all, { program: { resourceType: 'Program', id: 'p1' } }).map((t) => t.id)).toEqual(['a', 'b']);
    expect(templatesForPlan(all, {}).map((t) => t.id)).toEqual(['a']);
  });

  it('adds the goal with its objectives and interventions under fresh ids, a well-formed tree', () => {
    const existing = [{ id: 'g-1', kind: 'Goal' as const, text: 'Sleep' }];
    const t = template('mood', undefined, { measure: 'PHQ-9 below 10', objectives: ['Walk daily'], interventions: ['CBT weekly'] });
    const elements = addGoalFromTemplate(existing, t);
    expect(elements.map((e) => [e.kind, e.text])).toEqual([
      ['Goal', 'Sleep'],
      ['Goal', 'Goal of mood'],
      ['Objective', 'Walk daily'],
      ['Intervention', 'CBT weekly'],
    ]);
    expect(elements[1]!.measure).toBe('PHQ-9 below 10');
    expect(elements[2]!.parent).toBe(elements[1]!.id);
    expect(elements[3]!.parent).toBe(elements[1]!.id);
    expect(carePlanStructureIssues({ elements })).toEqual([]);
  });

  it('reads one text per line', () => {
    expect(linesOf(' Walk daily \n\nSleep diary\n')).toEqual(['Walk daily', 'Sleep diary']);
  });
});
