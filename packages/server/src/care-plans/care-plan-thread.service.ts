import {
  addDays,
  badRequest,
  carePlanProgress,
  goalThreads,
  localDate,
  practiceTimeZone,
  type CarePlan,
  type CarePlanOutcome,
  type CarePlanReviewItem,
  type CarePlanSession,
  type CarePlanThread,
  type Encounter,
  type Filter,
  type Note,
  type Resource,
  type ResourceTypeDefinition,
  type ThreadSession,
  getResourceType,
} from '@caseload/core';
import type { ResourceScope } from '../http/resource-scope.ts';
import { ENCOUNTER, NOTE } from '../notes/note-workflow-context.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { MAX_PAGE_SIZE } from '../storage/resource-search.ts';
import { CARE_PLAN } from './care-plan-signing.service.ts';

const SESSION = getResourceType('CarePlanSession')!;
const OUTCOME = getResourceType('CarePlanOutcome')!;

/** Every match of a query in one chart, page by page, through the caller's repository (each page audited). */
async function all<T extends Resource>(
  scope: ResourceScope,
  type: ResourceTypeDefinition,
  partition: string,
  filters: Filter[],
): Promise<T[]> {
  const found: T[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await scope.repo.search(type, {
      filters,
      partition,
      pageSize: MAX_PAGE_SIZE,
      ...(continuationToken && { continuationToken }),
    });
    found.push(...(page.items as T[]));
    continuationToken = page.continuationToken;
  } while (continuationToken);
  return found;
}

/** The notes documenting `encounters`, by encounter id (entered-in-error notes serve no goal). */
async function notesOf(scope: ResourceScope, partition: string, encounters: readonly Encounter[]): Promise<Map<string, Note>> {
  const byEncounter = new Map<string, Note>();
  for (let i = 0; i < encounters.length; i += 1000) {
    const ids = encounters.slice(i, i + 1000).map((e) => e.id);
    const notes = await all<Note>(scope, NOTE, partition, [{ field: 'encounter.id', op: 'in', value: ids }]);
    for (const note of notes) if (note.status !== 'EnteredInError') byEncounter.set(note.encounter.id, note);
  }
  return byEncounter;
}

/**
 * The golden thread of one plan (docs/care-plans.md, "The thread"): per goal, the note sessions
 * that addressed it (through the goal, its objectives or interventions), progress per goal and
 * objective over the review sessions and the notes' GoalTracking, and the measured outcomes.
 * With `goal`, only that goal's thread: "which notes addressed this goal". Everything is read
 * through the caller's repository, so reach applies and each read is audited.
 */
export async function carePlanThread(scope: ResourceScope, id: string, goal?: string): Promise<CarePlanThread> {
  const plan = (await scope.repo.read(CARE_PLAN, id)) as CarePlan;
  if (goal !== undefined && !plan.elements.some((e) => e.id === goal && e.kind === 'Goal')) {
    const message = `Goal '${goal}' is not a goal of care plan '${id}'.`;
    throw badRequest(message, [{ path: 'goal', message }]);
  }
  const partition = plan.partition;
  const encounters = await all<Encounter>(scope, ENCOUNTER, partition, [{ field: 'carePlanActivities.carePlan.id', op: 'eq', value: id }]);
  const notes = await notesOf(scope, partition, encounters);
  const sessions: ThreadSession[] = encounters.flatMap((e) => {
    const note = notes.get(e.id);
    if (!note) return [];
    return [
      {
        encounter: e.id,
        date: e.period?.start ?? e.sessionTime?.start ?? note.encounterDate ?? note.created ?? '',
        activities: (e.carePlanActivities ?? []).filter((a) => a.carePlan.id === id),
        note: {
          resourceType: 'Note',
          id: note.id,
          versionId: note.meta.versionId,
          ...(note.title !== undefined && { display: note.title }),
        },
      },
    ];
  });
  const reviews = await all<CarePlanSession>(scope, SESSION, partition, [{ field: 'carePlan.id', op: 'eq', value: id }]);
  const outcomes = await all<CarePlanOutcome>(scope, OUTCOME, partition, [{ field: 'carePlan.id', op: 'eq', value: id }]);
  const goals = goalThreads(plan, sessions).filter((g) => goal === undefined || g.goal === goal);
  return {
    carePlan: plan,
    goals,
    progress: carePlanProgress(plan, reviews, sessions),
    outcomes: outcomes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  };
}

/** At most this many plans in one review list; `truncated` says when there were more. */
export const REVIEW_LIST_LIMIT = 500;

/**
 * Active plans whose review date has come (the dashboard's review list): due before today in the
 * practice's time zone, or within `withinDays` from today. `mine` (the default) keeps plans the
 * caller wrote or whose care team names them; otherwise every plan the caller reaches. Oldest
 * review date first.
 */
export async function carePlansDueForReview(
  scope: ResourceScope,
  options: { withinDays?: number; mine?: boolean },
): Promise<{ items: CarePlanReviewItem[]; truncated: boolean }> {
  const preferences = await loadPracticePreferences(scope.ctx.db, scope.ctx.practiceId);
  const today = localDate(scope.ctx.clock(), practiceTimeZone(preferences));
  const until = addDays(today, options.withinDays ?? 0);
  const me = scope.ctx.actor?.id ?? '';
  const filters: Filter[] = [
    { field: 'status', op: 'eq', value: 'Active' },
    { field: 'reviewDate', op: options.withinDays ? 'le' : 'lt', value: options.withinDays ? until : today },
    ...(options.mine === false
      ? []
      : [
          {
            or: [
              { field: 'careTeam.id', op: 'eq', value: me },
              { field: 'author.id', op: 'eq', value: me },
            ],
          } as Filter,
        ]),
  ];
  const page = await scope.repo.search(CARE_PLAN, { filters, crossPartition: true, pageSize: REVIEW_LIST_LIMIT + 1 });
  const plans = (page.items as CarePlan[]).slice(0, REVIEW_LIST_LIMIT);
  const dayMs = 86_400_000;
  const items = plans
    .map((carePlan) => ({ carePlan, daysOverdue: Math.round((Date.parse(today) - Date.parse(carePlan.reviewDate!)) / dayMs) }))
    .sort((a, b) => b.daysOverdue - a.daysOverdue);
  return { items, truncated: page.items.length > REVIEW_LIST_LIMIT };
}
