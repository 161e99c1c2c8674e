import type { CarePlan, CarePlanElement, CarePlanGoalTemplate } from '@caseload/core';
import { addElement, newElementId } from './plan-tree.ts';

/** The templates a plan offers: active ones of its program, and those of no program; by name. */
export function templatesForPlan(templates: readonly CarePlanGoalTemplate[], plan: Pick<CarePlan, 'program'>): CarePlanGoalTemplate[] {
  return templates
    .filter((t) => t.active !== false && (!t.program || t.program.id === plan.program?.id))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The plan's elements with the template's goal added at the end, its objectives under it and its
 * interventions under the goal, each under a fresh id: nothing ties the plan to the template after.
 */
export function addGoalFromTemplate(elements: readonly CarePlanElement[], template: CarePlanGoalTemplate): CarePlanElement[] {
  let list = [...elements];
  const add = (element: Omit<CarePlanElement, 'id'>) => {
    const id = newElementId(element.kind, list);
    list = addElement(list, { id, ...element });
    return id;
  };
  const goal = add({ kind: 'Goal', text: template.goal, ...(template.measure && { measure: template.measure }) });
  for (const text of template.objectives ?? []) add({ kind: 'Objective', parent: goal, text });
  for (const text of template.interventions ?? []) add({ kind: 'Intervention', parent: goal, text });
  return list;
}

/** One text per line, blank lines dropped: how the template form edits objectives and interventions. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
