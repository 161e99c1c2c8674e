import {
  CARE_PLAN_MESSAGES,
  CARE_PLAN_SCHEMAS,
  CARE_PLAN_SERVER_FIELDS,
  badRequest,
  canonicalJson,
  carePlanStructureIssues,
  invalidResource,
  isCarePlanSigned,
  progressIssues,
  validateWithSchema,
  type CarePlan,
  type CarePlanIssue,
  type CarePlanOutcome,
  type CarePlanSession,
  type Encounter,
  type NamedElement,
  type Note,
  type Resource,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { isNoteWorkflow } from '../notes/note-workflow-context.ts';
import { settlePatient } from '../people/resource-validation.hook.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { systemReader } from '../storage/system-reader.ts';

const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

function assertSchema(typeName: keyof typeof CARE_PLAN_SCHEMAS, resource: Resource, ctx: RepositoryContext): void {
  const issues = validateWithSchema(CARE_PLAN_SCHEMAS[typeName], resource, {
    strict: true,
    context: { today: ctx.clock().toISOString().slice(0, 10) },
  });
  if (issues.length > 0) throw invalidResource(typeName, issues);
}

/** Refuses with the first issue as the detail and every issue at its path; nothing is stored. */
function assertNone(issues: CarePlanIssue[]): void {
  if (issues.length) throw badRequest(issues[0]!.message, issues);
}

/** The plan's shape, then its tree (core `carePlanStructureIssues`: each refusal names the element). */
function assertWellFormed(plan: CarePlan, ctx: RepositoryContext): void {
  const patientIssue = settlePatient(plan);
  if (patientIssue) throw invalidResource('CarePlan', [patientIssue]);
  assertSchema('CarePlan', plan, ctx);
  assertNone(carePlanStructureIssues(plan));
}

/** A goal template's shape (a deleted one's tombstone is not checked). */
export const carePlanGoalTemplateRules: BeforeWrite = async (_tx, ctx, resource) => {
  if (!resource.meta.isDeleted) assertSchema('CarePlanGoalTemplate', resource, ctx);
};

/**
 * The write rules of care plans (docs/care-plans.md). The sign and revise calls (the signing
 * workflow's context, shared with the note calls) write the signing fields and signed plans; a
 * client's create or update may not set or change those fields, and may not change a signed plan
 * at all (it is revised with a reason). The author is the writing practitioner on create (a
 * writer who is not a practitioner names one) and kept after. A deleted plan's tombstone is not checked.
 */
export const carePlanRules: BeforeWrite = async (_tx, ctx, resource, previous) => {
  const prior = previous as CarePlan | undefined;
  if (!isNoteWorkflow(ctx)) {
    if (prior && isCarePlanSigned(prior)) throw refused(CARE_PLAN_MESSAGES.frozen, 'signatures');
    if (resource.meta.isDeleted) return;
    const plan = resource as CarePlan;
    for (const field of CARE_PLAN_SERVER_FIELDS) {
      const empty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
      if (!(empty(prior?.[field]) && empty(plan[field])) && canonicalJson(prior?.[field]) !== canonicalJson(plan[field])) {
        throw refused(CARE_PLAN_MESSAGES.serverField(field), field);
      }
    }
    // Whose plan it is decides the review list's "mine": a practitioner writes their own; others (an import) name one.
    if (prior) {
      if (prior.author) plan.author = prior.author;
      else delete plan.author;
    } else if (ctx.actor?.resourceType === 'Practitioner') {
      plan.author = {
        resourceType: 'Practitioner',
        id: ctx.actor.id,
        ...(ctx.actor.display !== undefined && { display: ctx.actor.display }),
      };
    }
  }
  if (resource.meta.isDeleted) return;
  assertWellFormed(resource as CarePlan, ctx);
};

/** The plans of one chart named by `ids`, as stored (read as the server: the writer's reach was checked on the record written). */
async function plansOf(tx: Queryable, ctx: RepositoryContext, partition: string, ids: string[]): Promise<Map<string, CarePlan>> {
  if (ids.length === 0) return new Map();
  const plans = await systemReader(tx, ctx).list<CarePlan>('CarePlan', { partition, ids: [...new Set(ids)] });
  return new Map(plans.map((p) => [p.id, p]));
}

/**
 * A plan's review session: its shape, then its plan (in this chart, not cancelled) and each
 * progress entry's element (a goal or objective of that plan).
 */
export const carePlanSessionRules: BeforeWrite = async (tx, ctx, resource) => {
  if (resource.meta.isDeleted) return;
  const session = resource as CarePlanSession;
  assertSchema('CarePlanSession', session, ctx);
  const plan = (await plansOf(tx, ctx, session.partition, [session.carePlan.id])).get(session.carePlan.id);
  const named: NamedElement[] = session.progress.map((p, i) => ({
    element: p.element,
    recordsProgress: true,
    path: `progress[${i}].element`,
  }));
  assertNone(progressIssues(plan, session.carePlan.id, named, 'carePlan'));
};

/** A measured outcome: its shape, its plan in this chart and not cancelled, its element in the plan. */
export const carePlanOutcomeRules: BeforeWrite = async (tx, ctx, resource) => {
  if (resource.meta.isDeleted) return;
  const outcome = resource as CarePlanOutcome;
  assertSchema('CarePlanOutcome', outcome, ctx);
  const plan = (await plansOf(tx, ctx, outcome.partition, [outcome.carePlan.id])).get(outcome.carePlan.id);
  const named: NamedElement[] =
    outcome.element === undefined ? [] : [{ element: outcome.element, recordsProgress: false, path: 'element' }];
  assertNone(progressIssues(plan, outcome.carePlan.id, named, 'carePlan'));
};

/**
 * What a note's session addressed (`Encounter.carePlanActivities`, the golden thread): each plan
 * is in this chart and not cancelled, each element is one of its own (an id of another plan's
 * goal is not), and progress is recorded on goals and objectives. Only a changed list is checked,
 * so a plan cancelled later does not stop other edits of an old session.
 */
export const carePlanActivityRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const activities = (resource as Encounter).carePlanActivities;
  if (!Array.isArray(activities) || activities.length === 0) return;
  if (previous && canonicalJson((previous as Encounter).carePlanActivities) === canonicalJson(activities)) return;
  const planIds = activities.map((a) => a?.carePlan?.id).filter((id): id is string => typeof id === 'string');
  const plans = await plansOf(tx, ctx, resource.partition!, planIds);
  const issues: CarePlanIssue[] = [];
  for (const planId of new Set(planIds)) {
    const named = activities.flatMap((a, i) =>
      a.carePlan.id === planId
        ? [{ element: a.element, recordsProgress: a.progress !== undefined, path: `carePlanActivities[${i}].element` }]
        : [],
    );
    const first = activities.findIndex((a) => a.carePlan.id === planId);
    issues.push(...progressIssues(plans.get(planId), planId, named, `carePlanActivities[${first}].carePlan`));
  }
  assertNone(issues);
};

/**
 * A note's `derivedFrom` names the outcomes measured in its session: each must be a
 * CarePlanOutcome stored in the note's own chart (an outcome of another patient would put their
 * score in this note's thread). Only a changed list is checked.
 */
export const noteOutcomesInChart: BeforeWrite = async (tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const refs = (resource as Note).derivedFrom;
  if (!Array.isArray(refs) || refs.length === 0) return;
  if (previous && canonicalJson((previous as Note).derivedFrom) === canonicalJson(refs)) return;
  const stored = await systemReader(tx, ctx).list('CarePlanOutcome', {
    partition: resource.partition!,
    ids: [...new Set(refs.map((r) => r.id))],
  });
  const found = new Set(stored.map((o) => o.id));
  const issues = refs.flatMap((r, i) =>
    found.has(r.id) ? [] : [{ path: `derivedFrom[${i}]`, message: CARE_PLAN_MESSAGES.outcomeNotInChart(r.id) }],
  );
  assertNone(issues);
};
