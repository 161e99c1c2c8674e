import { addDays, carePlanContentHash, type CarePlan, type CarePlanElement, type Reference } from '@caseload/core';
import { demoId } from './demo-ids.ts';

/** What the demo's revised plans change, and why: a reviewed plan gains a relapse-prevention step under its first goal. */
const REVISION = {
  reason: 'Reviewed at four weeks with the patient: added a relapse-prevention plan under the first goal.',
  intervention: 'Relapse-prevention plan written with the patient, reviewed monthly',
};

/** Whether the patient's plan was revised (one plan in six, by the patient's number). */
export const isRevisedPlan = (n: number) => n % 6 === 2;

/**
 * The versions of a demo plan, oldest first (the last is current): the plan as signed, and for a
 * revised plan a second version four weeks later made as `POST CarePlans/{id}/revise` makes it
 * (care-plan-signing.service.ts): the changed elements, a revision naming the version before and
 * the fields changed, and the Reviser's signature over the new content. A plan whose fourth week
 * is still ahead is not revised. Element ids are kept, so the sessions' activities still point at them.
 */
export function demoCarePlanVersions(seed: number, key: number, signed: CarePlan, reviser: Reference, today: string): CarePlan[] {
  const start = signed.period?.start ?? signed.created?.slice(0, 10) ?? today;
  const date = addDays(start, 28);
  if (!isRevisedPlan(key) || date >= today) return [signed];
  const goal = signed.elements.find((e) => e.kind === 'Goal')!;
  const added: CarePlanElement = {
    id: `${goal.id}-i9`,
    kind: 'Intervention',
    parent: goal.id,
    text: REVISION.intervention,
    responsible: [reviser],
  };
  // The new intervention goes at the end of the first goal's subtree, where the editor puts a new child.
  const next = signed.elements.findIndex((e, i) => i > 0 && e.kind === 'Goal');
  const elements = next < 0 ? [...signed.elements, added] : [...signed.elements.slice(0, next), added, ...signed.elements.slice(next)];
  const at = `${date}T18:00:00Z`;
  const revised: CarePlan = {
    ...signed,
    elements,
    revisions: [{ reason: REVISION.reason, author: reviser, at, previousVersionId: signed.meta.versionId, changedFields: ['elements'] }],
    meta: { ...signed.meta, versionId: demoId(seed, 'CarePlan-version', `${key}:revised`), lastModified: at },
  };
  revised.signatures = [
    ...(signed.signatures ?? []),
    { role: 'Reviser', signer: reviser, signedAt: at, contentHash: carePlanContentHash(revised) },
  ];
  return [signed, revised];
}
