import {
  COLOR_SCALES,
  goalBranches,
  type CarePlan,
  type CarePlanElement,
  type CarePlanThread,
  type ElementProgressTimeline,
  type ProgressEntry,
  type GoalProgress,
} from '@caseload/core';

/** The words of each progress status, as the note's GoalTracking offers them. */
export const PROGRESS_LABELS: Record<GoalProgress, string> = {
  NotAchieved: 'Not achieved',
  InProgress: 'In progress',
  Achieved: 'Achieved',
  Abandoned: 'Abandoned',
};

/** A status's height on the progress chart: achieved at the top, abandoned at the bottom. */
export const PROGRESS_VALUES: Record<GoalProgress, number> = { Abandoned: 0, NotAchieved: 1, InProgress: 2, Achieved: 3 };

/** Where a status sits on the design system's goodToBad scale (0 good, 1 bad). */
const BADNESS: Record<GoalProgress, number> = { Achieved: 0, InProgress: 0.5, NotAchieved: 1, Abandoned: 1 };

/** A status's colour on the goodToBad scale. */
export const progressColor = (status: GoalProgress): string => COLOR_SCALES.goodToBad(BADNESS[status]);

/** One session that addressed a goal: its date, its note, and the progress it recorded on the goal's elements. */
export interface GoalSessionView {
  encounter: string;
  /** yyyy-MM-dd on the practice's calendar. */
  date: string;
  noteId?: string;
  noteTitle?: string;
  progress: { element: string; status: GoalProgress }[];
}

/** One element's progress entry on the chart. */
export interface ProgressPoint {
  /** yyyy-MM-dd */
  date: string;
  /** The series: the element's kind and text. */
  series: string;
  element: string;
  status: GoalProgress;
  value: number;
  color: string;
  comment?: string;
}

/** A goal as the chart shows it: its objectives, where each stands, the sessions that served it and its progress over time. */
export interface GoalView {
  goal: CarePlanElement;
  /** Undefined while no progress is recorded on it. */
  current?: GoalProgress;
  objectives: { element: CarePlanElement; current?: GoalProgress }[];
  interventions: CarePlanElement[];
  /** Oldest first. */
  sessions: GoalSessionView[];
  /** Oldest first; the goal's own entries and those of its objectives. */
  points: ProgressPoint[];
  /** The series of `points`, the goal first. */
  series: string[];
}

const seriesName = (e: CarePlanElement) => `${e.kind}: ${e.text}`;

/**
 * The golden-thread view of a plan (docs/care-plans.md, "In the chart"): per goal, in the plan's
 * order, its objectives with their current progress, the note sessions that addressed it and the
 * progress entries to chart. `dateOf` turns a session's instant into the practice's calendar day.
 */
export function goalThreadViews(thread: CarePlanThread, dateOf: (at: string) => string): GoalView[] {
  const plan = thread.carePlan as CarePlan;
  const timelines = new Map<string, ElementProgressTimeline>(thread.progress.map((p) => [p.element, p]));
  const sessionsOf = new Map(thread.goals.map((g) => [g.goal, g.sessions]));

  // Entries of one day in the order of their sessions' times (a review after the day's notes, as carePlanProgress has it).
  const sessionAt = new Map(thread.goals.flatMap((g) => g.sessions.map((s) => [s.encounter, s.date] as const)));
  const at = (entry: ProgressEntry) =>
    entry.source.resourceType === 'Encounter' ? (sessionAt.get(entry.source.id) ?? entry.date) : `${entry.date}T99`;
  return goalBranches(plan).map(({ goal, objectives, interventions }) => {
    const tracked = [goal, ...objectives];
    const ids = new Set([goal.id, ...objectives.map((o) => o.id), ...interventions.map((i) => i.id)]);
    const points: ProgressPoint[] = tracked
      .flatMap((e) =>
        (timelines.get(e.id)?.entries ?? []).map((entry) => ({
          at: at(entry),
          date: entry.date,
          series: seriesName(e),
          element: e.id,
          status: entry.status,
          value: PROGRESS_VALUES[entry.status],
          color: progressColor(entry.status),
          ...(entry.comment && { comment: entry.comment }),
        })),
      )
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map(({ at: _at, ...point }) => point);
    // Where each stands: its last entry in session order (two sessions of one day in the order they were held).
    const currentOf = (id: string) => points.findLast((p) => p.element === id)?.status;
    const sessions = (sessionsOf.get(goal.id) ?? []).map((s) => ({
      encounter: s.encounter,
      date: s.date.length > 10 ? dateOf(s.date) : s.date,
      ...(s.note && { noteId: s.note.id, noteTitle: s.note.display }),
      progress: s.activities.flatMap((a) => (a.progress && ids.has(a.element) ? [{ element: a.element, status: a.progress }] : [])),
    }));
    return {
      goal,
      ...(currentOf(goal.id) && { current: currentOf(goal.id) }),
      objectives: objectives.map((element) => ({ element, ...(currentOf(element.id) && { current: currentOf(element.id) }) })),
      interventions,
      sessions,
      points,
      series: tracked.filter((e) => points.some((p) => p.element === e.id)).map(seriesName),
    };
  });
}

/**
 * The chart's rows: one per entry, oldest first, so two sessions of one day are two points; each
 * row holds its series' value and status (the other series are left empty and their lines joined
 * across).
 */
export function chartRows(points: readonly ProgressPoint[]): Record<string, string | number>[] {
  return points.map((p) => ({ date: p.date, [p.series]: p.value, [`${p.series}#status`]: p.status }));
}

/** A patient's plans, the active ones first, then the newest period first. */
export function plansInOrder(plans: readonly CarePlan[]): CarePlan[] {
  const rank = (p: CarePlan) => (p.status === 'Active' ? 0 : p.status === 'Completed' ? 1 : 2);
  const start = (p: CarePlan) => p.period?.start ?? p.meta?.lastModified ?? '';
  return plans
    .filter((p) => !p.meta?.isDeleted)
    .sort((a, b) => rank(a) - rank(b) || (start(a) < start(b) ? 1 : start(a) > start(b) ? -1 : 0));
}
