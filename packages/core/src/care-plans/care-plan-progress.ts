import type { Reference } from '../resources/resource.ts';
import { CARE_PLAN_MESSAGES, goalBranches, type CarePlanIssue } from './care-plan-structure.ts';
import type { CarePlan, CarePlanActivity, CarePlanSession, GoalProgress } from './types.ts';

/** Where a progress entry was recorded: a plan review session or a note's session (its encounter). */
export interface ProgressSource {
  resourceType: 'CarePlanSession' | 'Encounter';
  id: string;
}

/** One progress entry of a goal or objective. */
export interface ProgressEntry {
  /** yyyy-MM-dd */
  date: string;
  status: GoalProgress;
  comment?: string;
  source: ProgressSource;
}

/** A goal's or objective's progress over time (oldest first) and where it stands now. */
export interface ElementProgressTimeline {
  element: string;
  entries: ProgressEntry[];
  /** The newest entry's status (NotAchieved before any entry). */
  current: GoalProgress;
}

/** A note's session as the thread reads it: its encounter's id, date and what it addressed. */
export interface ThreadSession {
  encounter: string;
  /** yyyy-MM-dd (or a full instant; the first ten characters are the date). */
  date: string;
  activities: readonly CarePlanActivity[];
  /** The note documenting the session, when known. */
  note?: Reference;
}

/**
 * Progress per goal and objective of `plan`, from its review sessions and the note sessions that
 * recorded progress on it (GoalTracking), oldest first; on the same day a review session comes
 * after a note's session, since it reviews the day's work.
 */
export function carePlanProgress(
  plan: Pick<CarePlan, 'id' | 'elements'>,
  sessions: readonly Pick<CarePlanSession, 'id' | 'date' | 'progress' | 'carePlan'>[],
  noteSessions: readonly ThreadSession[] = [],
): ElementProgressTimeline[] {
  const tracked = plan.elements.filter((e) => e.kind !== 'Intervention');
  const entries = new Map<string, (ProgressEntry & { order: number })[]>(tracked.map((e) => [e.id, []]));
  for (const s of noteSessions) {
    for (const a of s.activities) {
      if (a.carePlan.id !== plan.id || !a.progress) continue;
      entries.get(a.element)?.push({
        date: s.date.slice(0, 10),
        status: a.progress,
        ...(a.comment && { comment: a.comment }),
        source: { resourceType: 'Encounter', id: s.encounter },
        order: 0,
      });
    }
  }
  for (const s of sessions) {
    if (s.carePlan.id !== plan.id) continue;
    for (const p of s.progress) {
      entries.get(p.element)?.push({
        date: s.date,
        status: p.status,
        ...(p.comment && { comment: p.comment }),
        source: { resourceType: 'CarePlanSession', id: s.id },
        order: 1,
      });
    }
  }
  return tracked.map((e) => {
    const list = entries
      .get(e.id)!
      .sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1))
      .map(({ order: _order, ...entry }) => entry);
    return { element: e.id, entries: list, current: list.at(-1)?.status ?? 'NotAchieved' };
  });
}

/** Per goal of a plan: the note sessions that addressed it (through the goal or any element under it). */
export interface GoalThread {
  goal: string;
  sessions: ThreadSession[];
}

/** The golden thread of a plan: each goal with the sessions that served it; untouched goals have none. */
export function goalThreads(plan: Pick<CarePlan, 'id' | 'elements'>, noteSessions: readonly ThreadSession[]): GoalThread[] {
  return goalBranches(plan).map((branch) => {
    const ids = new Set([branch.goal.id, ...branch.objectives.map((o) => o.id), ...branch.interventions.map((i) => i.id)]);
    const served = noteSessions.filter((s) => s.activities.some((a) => a.carePlan.id === plan.id && ids.has(a.element)));
    return { goal: branch.goal.id, sessions: [...served].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) };
  });
}

/** One element a session names: its id, whether it records progress there, and where it sits. */
export interface NamedElement {
  element: string;
  recordsProgress: boolean;
  path: string;
}

/**
 * What a session says of a plan, checked against the plan as stored (undefined: not in this
 * chart): the plan is not cancelled, and each element named is one of its elements; progress is
 * recorded on goals and objectives only. `path` names the reference to the plan.
 */
export function progressIssues(
  plan: Pick<CarePlan, 'id' | 'status' | 'elements'> | undefined,
  planId: string,
  named: readonly NamedElement[],
  path: string,
): CarePlanIssue[] {
  if (!plan) return [{ path, message: CARE_PLAN_MESSAGES.planNotFound(planId) }];
  if (plan.status === 'Cancelled') return [{ path, message: CARE_PLAN_MESSAGES.planCancelled(planId) }];
  const issues: CarePlanIssue[] = [];
  for (const entry of named) {
    const element = plan.elements.find((e) => e.id === entry.element);
    if (!element) issues.push({ path: entry.path, message: CARE_PLAN_MESSAGES.elementNotInPlan(entry.element, planId) });
    else if (element.kind === 'Intervention' && entry.recordsProgress)
      issues.push({ path: entry.path, message: CARE_PLAN_MESSAGES.progressOnIntervention(entry.element) });
  }
  return issues;
}

/**
 * The golden-thread rule (docs/care-plans.md): with `requireCarePlanGoalToSign` on, a note of a
 * patient with an active plan must address at least one of its elements before it is signed. A
 * visit where the patient was not seen owes nothing. The editor shows the same words as a flag
 * whatever the preference (`noteAddressesNoGoal`).
 */
export function goalThreadIssues(input: {
  encounter: { carePlanActivities?: readonly unknown[]; visitStatus?: string };
  activeCarePlans: number;
  required: boolean;
}): CarePlanIssue[] {
  if (!input.required || !noteAddressesNoGoal(input)) return [];
  return [{ path: 'encounter.carePlanActivities', message: CARE_PLAN_MESSAGES.noGoalAddressed }];
}

/** True when the patient has an active plan, the patient was seen, and the session addressed none of it. */
export function noteAddressesNoGoal(input: {
  encounter: { carePlanActivities?: readonly unknown[]; visitStatus?: string };
  activeCarePlans: number;
}): boolean {
  const seen = input.encounter.visitStatus !== 'NoShow' && input.encounter.visitStatus !== 'Cancelled';
  return seen && input.activeCarePlans > 0 && !input.encounter.carePlanActivities?.length;
}
