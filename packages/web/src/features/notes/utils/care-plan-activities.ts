import type { CarePlan, CarePlanActivity, Encounter, GoalProgress, NoteDefinition } from '@caseload/core';

/**
 * The edits the note's GoalsObjectives and GoalTracking sections make to its encounter's
 * `carePlanActivities` (docs/care-plans.md, "The thread"): one entry per element addressed.
 */

const same = (a: CarePlanActivity, planId: string, element: string) => a.carePlan.id === planId && a.element === element;

/** The entry of an element, if the session addressed it. */
export function activityOf(
  encounter: Pick<Encounter, 'carePlanActivities'>,
  planId: string,
  element: string,
): CarePlanActivity | undefined {
  return encounter.carePlanActivities?.find((a) => same(a, planId, element));
}

const withActivities = (encounter: Encounter, list: CarePlanActivity[]): Encounter => {
  const { carePlanActivities: _previous, ...rest } = encounter;
  return list.length === 0 ? rest : { ...rest, carePlanActivities: list };
};

const planRef = (plan: CarePlan) => ({ resourceType: 'CarePlan', id: plan.id, ...(plan.title !== undefined && { display: plan.title }) });

/** Ticks or unticks an element as addressed; unticking drops its progress too. */
export function toggleAddressed(encounter: Encounter, plan: CarePlan, element: string, addressed: boolean): Encounter {
  const others = (encounter.carePlanActivities ?? []).filter((a) => !same(a, plan.id, element));
  if (!addressed) return withActivities(encounter, others);
  const kept = activityOf(encounter, plan.id, element);
  return withActivities(encounter, [...others, kept ?? { carePlan: planRef(plan), element }]);
}

/**
 * Records progress on a goal or objective (null: none recorded), with an optional comment. Progress
 * on an element means the session addressed it, so it is ticked too.
 */
export function recordProgress(
  encounter: Encounter,
  plan: CarePlan,
  element: string,
  progress: GoalProgress | null,
  comment?: string,
): Encounter {
  const list = [...(encounter.carePlanActivities ?? [])];
  const at = list.findIndex((a) => same(a, plan.id, element));
  const base: CarePlanActivity = at >= 0 ? { ...list[at]! } : { carePlan: planRef(plan), element };
  if (progress) base.progress = progress;
  else delete base.progress;
  if (comment !== undefined) {
    if (comment) base.comment = comment;
    else delete base.comment;
  }
  if (at >= 0) list[at] = base;
  else list.push(base);
  return withActivities(encounter, list);
}

/** The plans a note shows: the patient's Active plans, and any other plan the session already addressed. */
export function plansShown(plans: readonly CarePlan[], encounter: Pick<Encounter, 'carePlanActivities'>): CarePlan[] {
  const named = new Set((encounter.carePlanActivities ?? []).map((a) => a.carePlan.id));
  return plans.filter((p) => !p.meta?.isDeleted && (p.status === 'Active' || named.has(p.id)));
}

/** The words and order the progress choice shows. */
export const PROGRESS_CHOICES: { value: GoalProgress; label: string }[] = [
  { value: 'NotAchieved', label: 'Not achieved' },
  { value: 'InProgress', label: 'In progress' },
  { value: 'Achieved', label: 'Achieved' },
  { value: 'Abandoned', label: 'Abandoned' },
];

/** Whether a note definition lets the clinician tick care-plan goals in one of its sections. */
export const hasGoalSection = (definition: Pick<NoteDefinition, 'sections'> | undefined) =>
  !!definition?.sections.some((s) => s.elements?.some((e) => e.type === 'GoalsObjectives'));
