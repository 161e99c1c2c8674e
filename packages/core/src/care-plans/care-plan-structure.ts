import { sha256Hex } from '../questionnaires/sha256.ts';
import { canonicalJson } from '../questionnaires/signatures.ts';
import type { CarePlan, CarePlanElement } from './types.ts';

/** One thing wrong with a plan: `path` names the field, `message` the element in words. */
export interface CarePlanIssue {
  path: string;
  message: string;
}

/** The words of refused care-plan writes and calls (docs/care-plans.md). */
export const CARE_PLAN_MESSAGES = {
  frozen: 'This care plan is signed and can no longer be changed directly. Revise it with a reason.',
  serverField: (field: string) => `${field} is set by signing and cannot be written directly.`,
  alreadySigned: 'This care plan is already signed by a clinician.',
  notSigned: 'Only a signed care plan is revised; edit it instead.',
  notActive: 'Only an active care plan can be signed.',
  reasonRequired: 'reason is required.',
  noChanges: 'changes must change at least one field of the plan.',
  unknownChange: (field: string) => `${field} cannot be revised; revise ${CARE_PLAN_REVISABLE_FIELDS.join(', ')}.`,
  notClinician: 'Only a practitioner can sign a care plan as its clinician.',
  duplicateId: (id: string) => `Element id '${id}' is used more than once in this plan.`,
  goalWithParent: (id: string) => `Goal '${id}' cannot have a parent: goals are the top of the plan.`,
  objectiveWithoutGoal: (id: string) => `Objective '${id}' must belong to a goal: set its parent to a goal of this plan.`,
  interventionWithoutParent: (id: string) => `Intervention '${id}' must belong to an objective or a goal: set its parent.`,
  parentMissing: (kind: string, id: string, parent: string) =>
    `${kind} '${id}' points at '${parent}', which is not an element of this plan.`,
  wrongParent: (kind: string, id: string, parent: string, parentKind: string) =>
    `${kind} '${id}' cannot belong to ${parentKind.toLowerCase()} '${parent}': ` +
    (kind === 'Objective' ? 'an objective belongs to a goal' : 'an intervention belongs to an objective or a goal') +
    '.',
  planNotFound: (id: string) => `Care plan '${id}' is not in this patient's chart.`,
  planCancelled: (id: string) => `Care plan '${id}' is cancelled: progress cannot be recorded on it.`,
  elementNotInPlan: (element: string, plan: string) => `Element '${element}' is not part of care plan '${plan}'.`,
  progressOnIntervention: (element: string) => `Element '${element}' is an intervention: progress is recorded on goals and objectives.`,
  outcomeNotInChart: (id: string) => `derivedFrom names '${id}', which is not a care-plan outcome of this patient's chart.`,
  staleRevision: 'This care plan was revised since it was shown: show the current revision to the signer and sign that one.',
  patientSignsSignedPlan: "The clinician signs this care plan first; the patient's signature goes on the signed plan.",
  patientSigner: 'signer must be the patient of this care plan or one of their related persons.',
  patientOnly: "This care plan's signature configuration asks for the patient's own signature, not a related person's.",
  noCoSignOwed: 'This care plan does not await a co-signature.',
  notSupervisor: "Only a supervisor of the plan's signing clinician can co-sign it.",
  noSupervisor: (clinician: string) => `${clinician} has no supervisor on record to co-sign this care plan; add one to sign it.`,
  noGoalAddressed: 'This note addresses no goal of the care plan: tick at least one goal or objective the session worked on.',
} as const;

/** Fields a revision of a signed plan may change: its content, not its identity or signatures. */
export const CARE_PLAN_REVISABLE_FIELDS = [
  'title',
  'status',
  'episodeOfCare',
  'program',
  'period',
  'reviewDate',
  'addresses',
  'careTeam',
  'elements',
] as const;

/** Fields only the sign and revise calls write. */
export const CARE_PLAN_SERVER_FIELDS = ['signatures', 'signedAt', 'revisions', 'signatureConfiguration', 'pendingSignatures'] as const;

/**
 * The tree's invariants, element by element in the plan's order: ids are unique; a Goal has no
 * parent; an Objective's parent is a Goal; an Intervention's parent is an Objective or a Goal;
 * every parent is an element of this plan (an id of another plan's goal is simply not found).
 */
export function carePlanStructureIssues(plan: Pick<CarePlan, 'elements'>): CarePlanIssue[] {
  const issues: CarePlanIssue[] = [];
  const byId = new Map<string, CarePlanElement>();
  plan.elements.forEach((element, index) => {
    if (byId.has(element.id)) issues.push({ path: `elements[${index}].id`, message: CARE_PLAN_MESSAGES.duplicateId(element.id) });
    else byId.set(element.id, element);
  });
  plan.elements.forEach((element, index) => {
    const path = `elements[${index}].parent`;
    const message = parentIssue(element, element.parent === undefined ? undefined : byId.get(element.parent));
    if (message) issues.push({ path, message });
  });
  return issues;
}

function parentIssue(element: CarePlanElement, parent: CarePlanElement | undefined): string | undefined {
  const { id, kind } = element;
  if (kind === 'Goal') return element.parent === undefined ? undefined : CARE_PLAN_MESSAGES.goalWithParent(id);
  if (element.parent === undefined)
    return kind === 'Objective' ? CARE_PLAN_MESSAGES.objectiveWithoutGoal(id) : CARE_PLAN_MESSAGES.interventionWithoutParent(id);
  if (!parent) return CARE_PLAN_MESSAGES.parentMissing(kind, id, element.parent);
  const allowed = kind === 'Objective' ? parent.kind === 'Goal' : parent.kind !== 'Intervention';
  return allowed ? undefined : CARE_PLAN_MESSAGES.wrongParent(kind, id, parent.id, parent.kind);
}

/** The goals of a plan, each with its objectives and interventions, in the plan's order. */
export interface GoalBranch {
  goal: CarePlanElement;
  objectives: CarePlanElement[];
  /** Interventions of the goal and of its objectives. */
  interventions: CarePlanElement[];
}

export function goalBranches(plan: Pick<CarePlan, 'elements'>): GoalBranch[] {
  const byId = new Map(plan.elements.map((e) => [e.id, e]));
  const goalOf = (e: CarePlanElement): string | undefined => {
    const parent = e.parent === undefined ? undefined : byId.get(e.parent);
    if (!parent) return e.kind === 'Goal' ? e.id : undefined;
    return parent.kind === 'Goal' ? parent.id : goalOf(parent);
  };
  return plan.elements
    .filter((e) => e.kind === 'Goal')
    .map((goal) => ({
      goal,
      objectives: plan.elements.filter((e) => e.kind === 'Objective' && e.parent === goal.id),
      interventions: plan.elements.filter((e) => e.kind === 'Intervention' && goalOf(e) === goal.id),
    }));
}

/** The goal an element serves (itself for a goal), or undefined when not in the plan. */
export function goalOfElement(plan: Pick<CarePlan, 'elements'>, elementId: string): string | undefined {
  return goalBranches(plan).find(
    (b) => b.goal.id === elementId || b.objectives.some((o) => o.id === elementId) || b.interventions.some((i) => i.id === elementId),
  )?.goal.id;
}

/**
 * Hex sha-256 of what a plan signature attests: the plan's content as canonical JSON (keys
 * sorted), so browser and server compute the same value.
 */
export function carePlanContentHash(plan: Pick<CarePlan, 'patient' | 'elements' | (typeof CARE_PLAN_REVISABLE_FIELDS)[number]>): string {
  const content: Record<string, unknown> = { patient: plan.patient?.id };
  for (const field of CARE_PLAN_REVISABLE_FIELDS) content[field] = plan[field] ?? null;
  return sha256Hex(canonicalJson(content));
}

/** True once a clinician has signed the plan: it is then changed only by a revision. */
export const isCarePlanSigned = (plan: Pick<CarePlan, 'signatures'>) => (plan.signatures ?? []).some((s) => s.role === 'Clinician');
