import {
  can,
  canonicalJson,
  getResourceType,
  localDate,
  practiceTimeZone,
  type CarePlan,
  type CarePlanOutcome,
  type Note,
  type QuestionnaireResponse,
  type Reference,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { workflowRepository, writeNote, NOTE } from '../notes/note-workflow-context.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';

const OUTCOME = getResourceType('CarePlanOutcome')!;
const CARE_PLAN = getResourceType('CarePlan')!;

/** A score is an outcome only when every scored item was answered: a partial total measures nothing. */
const fullyScored = (r: QuestionnaireResponse) => Boolean(r.score) && r.score!.answered === r.score!.scoredItems && !r.meta?.isDeleted;

/** The patient's active plan the outcomes go to: the one most recently started (or written) when there are several. */
async function activePlan(repo: ResourceRepository, partition: string): Promise<CarePlan | undefined> {
  const page = await repo.search(CARE_PLAN, { filters: [{ field: 'status', op: 'eq', value: 'Active' }], partition, pageSize: 50 });
  const start = (p: CarePlan) => p.period?.start ?? p.meta.lastModified ?? '';
  return (page.items as CarePlan[]).sort((a, b) => (start(a) < start(b) ? 1 : start(a) > start(b) ? -1 : 0))[0];
}

/** The goal a questionnaire measures: the first whose `measure` names it ("PHQ-9 below 10"), else none. */
function goalMeasuredBy(plan: CarePlan, instrument: Reference): string | undefined {
  const names = [instrument.id, instrument.display].filter((n): n is string => Boolean(n)).map((n) => n.toLowerCase());
  return plan.elements.find((e) => e.kind === 'Goal' && e.measure && names.some((n) => e.measure!.toLowerCase().includes(n)))?.id;
}

/** The outcome's server-made fields for one scored response of the note. */
function outcomeOf(plan: CarePlan, note: Note, response: QuestionnaireResponse, date: string): Record<string, unknown> {
  const element = goalMeasuredBy(plan, response.questionnaire!);
  return {
    resourceType: 'CarePlanOutcome',
    partition: note.partition,
    carePlan: { resourceType: 'CarePlan', id: plan.id, ...(plan.title && { display: plan.title }) },
    ...(element && { element }),
    ...(note.encounter && { encounter: note.encounter }),
    author: note.author,
    date,
    kind: 'Score',
    instrument: {
      resourceType: response.questionnaire!.resourceType,
      id: response.questionnaire!.id,
      display: response.questionnaire!.display,
    },
    response: { resourceType: 'QuestionnaireResponse', id: response.id },
    value: response.score!.total,
  };
}

/**
 * The care-plan outcomes of a note just signed, amended or marked entered in error
 * (docs/care-plans.md, "Outcomes from signed notes"), in that call's transaction and as its
 * caller: each fully scored questionnaire the note recorded (`responses`, from
 * recordNoteAssessments) becomes a CarePlanOutcome of kind Score of the patient's active plan,
 * and the note's `derivedFrom` names them. Idempotent: an outcome is found again by its response
 * (through the note's `derivedFrom`), updated when the score changed, withdrawn when the note no
 * longer records the score (or was entered in error) when the caller may delete outcomes (else left
 * linked); outcomes a client attached to the note without a response stay. Without an active
 * plan, or for a caller who may not write outcomes, nothing is made (signing is never held up by
 * the plan). Answers the note as it now stands: a new version only when `derivedFrom` changed.
 */
export async function recordNoteOutcomes(
  tx: Queryable,
  ctx: RepositoryContext,
  note: Note,
  responses: readonly QuestionnaireResponse[],
): Promise<Note> {
  const permissions = ctx.access.principal.permissions;
  if (!can(permissions, 'Read', 'CarePlan') || !can(permissions, 'Create', 'CarePlanOutcome')) return note;
  const repo = workflowRepository(tx, ctx);
  const linked = note.derivedFrom ?? [];
  const existing = await Promise.all(
    linked.map((r) =>
      repo.read(OUTCOME, r.id, note.partition).then(
        (o) => o as CarePlanOutcome,
        () => undefined,
      ),
    ),
  );
  const scored = note.status === 'EnteredInError' ? [] : responses.filter(fullyScored);
  if (scored.length === 0 && linked.length === 0) return note;
  const plan = scored.length > 0 ? await activePlan(repo, note.partition) : undefined;
  const tz = practiceTimeZone(await loadPracticePreferences(tx, ctx.practiceId));
  const kept: Reference[] = [];
  for (const response of scored) {
    const prior = existing.find((o) => o?.response?.id === response.id);
    const date = localDate(new Date(response.authored ?? ctx.clock()), tz);
    if (prior) {
      // An outcome already made stays with the plan and goal it was measured for; its score and day follow the note.
      const { meta, ...fields } = prior;
      const next = { ...fields, date, value: response.score!.total };
      if (canonicalJson(next) !== canonicalJson(fields)) await repo.update(OUTCOME, prior.id, next, meta.versionId);
      kept.push({ resourceType: 'CarePlanOutcome', id: prior.id });
    } else if (plan) {
      const made = await repo.create(OUTCOME, outcomeOf(plan, note, response, date));
      kept.push({ resourceType: 'CarePlanOutcome', id: made.resource.id });
    }
  }
  // Server-made outcomes (those with a response) the note no longer records are withdrawn; a caller
  // who may not delete outcomes leaves them linked, since the note's own call must not fail on the plan.
  const mayWithdraw = can(permissions, 'Delete', 'CarePlanOutcome');
  for (const outcome of existing) {
    if (!outcome?.response || kept.some((k) => k.id === outcome.id)) continue;
    if (mayWithdraw) await repo.delete(OUTCOME, outcome.id, outcome.meta.versionId);
    else kept.push({ resourceType: 'CarePlanOutcome', id: outcome.id });
  }
  const clientMade = linked.filter((r, i) => existing[i] !== undefined && !existing[i]!.response);
  const derivedFrom = [...clientMade, ...kept];
  if (canonicalJson(derivedFrom) === canonicalJson(linked)) return note;
  const row = await repo.currentForWrite(NOTE, note.id, { expectedVersionId: note.meta.versionId });
  return (await writeNote(
    repo,
    row,
    (fields) => ({ ...fields, ...(derivedFrom.length > 0 && { derivedFrom }) }),
    derivedFrom.length > 0 ? [] : ['derivedFrom'],
  )) as Note;
}
