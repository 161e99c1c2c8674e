import {
  AppError,
  ErrorCodes,
  NOTE_ASSESSMENT_MESSAGES,
  answerableVersionId,
  assertAnswerable,
  badRequest,
  forbidden,
  getResourceType,
  isReference,
  prepareAnswers,
  scoreAssessment,
  validateResponse,
  voidChangedSignatures,
  canonicalJson,
  type Questionnaire,
  type QuestionnaireResponse,
  type Reference,
  type ResponseSignature,
} from '@caseload/core';
import { transactionAudit } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import { isNoteWorkflow } from '../notes/note-workflow-context.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';

const QUESTIONNAIRE_TYPES = ['Questionnaire', 'Form'];

const refused = (message: string, path = 'questionnaire') => badRequest(message, [{ path, message }]);

/**
 * A repository inside the write's transaction whose read audits go into that transaction too,
 * so loading the questionnaire neither needs a second connection nor outlives a refused write.
 */
function transactionRepository(tx: Queryable, ctx: RepositoryContext): ResourceRepository {
  return new ResourceRepository({ ...ctx, audit: transactionAudit(tx, ctx.audit, ctx.clock) }, tx);
}

/** The questionnaire version a response answers, and the newest version (read as the caller). */
async function loadAnswered(
  repo: ResourceRepository,
  ref: Reference,
  previous: QuestionnaireResponse | undefined,
): Promise<{ current: Questionnaire; answered: Questionnaire }> {
  const type = getResourceType(ref.resourceType)!;
  let current: Questionnaire;
  try {
    current = (await repo.read(type, ref.id)) as Questionnaire;
  } catch (error) {
    if (error instanceof AppError && (error.code === ErrorCodes.NotFound || error.code === ErrorCodes.Gone)) {
      throw refused(`The ${ref.resourceType} ${ref.id} answered was not found.`);
    }
    throw error;
  }
  const kept = previous?.questionnaire?.id === ref.id ? previous.questionnaire.versionId : undefined;
  const versionId = ref.versionId ?? kept ?? answerableVersionId(current) ?? current.meta.versionId;
  if (versionId === current.meta.versionId) return { current, answered: current };
  try {
    return { current, answered: (await repo.readVersion(type, ref.id, versionId)) as Questionnaire };
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCodes.NotFound) {
      throw refused(`Version ${versionId} of ${current.title} was not found.`);
    }
    throw error;
  }
}

/** A signature voided once stays void, whatever a client sends back. */
function keepVoided(next: ResponseSignature[], previous: ResponseSignature[] | undefined): ResponseSignature[] {
  const voided = new Map((previous ?? []).filter((s) => s.voided).map((s) => [`${s.image?.id}|${s.signedAt}`, s]));
  return next.map((s) => voided.get(`${s.image?.id}|${s.signedAt}`) ?? s);
}

/** What makes a signature the same one again: who, as what, when, and the image drawn. */
const signatureKey = (s: ResponseSignature) => `${s.image?.id}|${s.signedAt}|${s.role}|${s.signer?.resourceType}/${s.signer?.id}`;

/**
 * A practitioner signs as themselves only: a new PractitionerSignature whose signer is not the
 * caller's own profile is refused (403). Patient, related-person and ad-hoc patient signatures
 * are drawn on the clinician's device, so they name someone else by design; and a signature
 * carried over unchanged from the stored response is not re-checked (a colleague may add answers
 * to a response another practitioner signed).
 */
function assertOwnSignatures(next: ResponseSignature[], previous: ResponseSignature[] | undefined, actor: Reference | undefined): void {
  const kept = new Set((previous ?? []).map(signatureKey));
  for (const s of next) {
    if (s?.role !== 'Practitioner' || kept.has(signatureKey(s))) continue;
    if (!actor || s.signer?.resourceType !== actor.resourceType || s.signer?.id !== actor.id) throw forbidden();
  }
}

/**
 * A response a note recorded (`derivedFrom`) is the note's: only the note calls write, change or
 * withdraw it (notes/note-assessment-responses.ts), so its answers never disagree with what was
 * signed. Any other PUT, PATCH or DELETE of one is refused, and so is a client's response that
 * claims to come from a note.
 */
function assertNoteOwned(ctx: RepositoryContext, response: QuestionnaireResponse, prior: QuestionnaireResponse | undefined): void {
  if (isNoteWorkflow(ctx)) return;
  if (prior?.derivedFrom) throw refused(NOTE_ASSESSMENT_MESSAGES.recordedFromNote, 'derivedFrom');
  if (response.derivedFrom !== undefined) throw refused(NOTE_ASSESSMENT_MESSAGES.derivedFrom, 'derivedFrom');
}

/**
 * What a patient or related person submitted through the portal is what the practice received:
 * once a response is complete, a portal login may no longer change it (docs/access.md, the
 * portal table), while staff may still correct one. Its permission, so a 403 like the portal's
 * other limits (access-policy.ts, assertPortalUpdate).
 */
function assertPortalMayChange(ctx: RepositoryContext, prior: QuestionnaireResponse | undefined): void {
  const kind = ctx.access.principal.kind;
  if ((kind === 'patient' || kind === 'relatedPerson') && prior?.completion === 'Complete') {
    throw forbidden('a portal login may not change a completed response');
  }
}

/**
 * A response must answer a published version of its questionnaire correctly (400 naming each
 * question in `issues[].path`). The server then stores what it checked: disabled questions'
 * answers dropped, calculations and the score computed, the version answered pinned, and
 * signatures whose answers changed voided. `authored` is the server's time of the last change
 * of the answers, except on a response a note records: its answers were given at the session,
 * and the note call dates it so.
 */
export const responseRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  const response = resource as QuestionnaireResponse;
  const prior = previous as QuestionnaireResponse | undefined;
  assertNoteOwned(ctx, response, prior);
  assertPortalMayChange(ctx, prior);
  if (resource.meta.isDeleted) return;
  const ref = response.questionnaire;
  if (!isReference(ref) || !QUESTIONNAIRE_TYPES.includes(ref.resourceType)) {
    throw refused('questionnaire is a required field');
  }
  const { current, answered } = await loadAnswered(transactionRepository(tx, ctx), ref, prior);
  assertAnswerable(current, answered);
  response.completion ??= 'InProgress';
  const issues = validateResponse(answered, response);
  if (issues.length) {
    throw badRequest(issues.length === 1 ? issues[0]!.message : `The answers to ${answered.title} are invalid.`, issues);
  }
  const answers = prepareAnswers(answered, response.answers);
  const now = ctx.clock().toISOString();
  response.answers = answers;
  response.questionnaire = { id: ref.id, resourceType: ref.resourceType, versionId: answered.meta.versionId, display: answered.title };
  const datedByNote = isNoteWorkflow(ctx) && response.derivedFrom !== undefined && typeof response.authored === 'string';
  if (!datedByNote && (!prior || canonicalJson(prior.answers) !== canonicalJson(answers))) response.authored = now;
  if (!response.author && ctx.actor) response.author = ctx.actor;
  if (Array.isArray(response.signatures)) {
    assertOwnSignatures(response.signatures, prior?.signatures, ctx.actor);
    response.signatures = voidChangedSignatures(keepVoided(response.signatures, prior?.signatures), answers, now);
  }
  const score = scoreAssessment(answered, answers);
  if (score) response.score = score;
  else delete response.score;
};
