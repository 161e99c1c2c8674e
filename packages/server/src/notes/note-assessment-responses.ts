import {
  AppError,
  ErrorCodes,
  getResourceType,
  hasTypedAnswers,
  isSignedByAuthor,
  noteAssessmentResponse,
  sameSource,
  type Encounter,
  type Note,
  type NoteAssessmentResponse,
  type NoteFormAnswers,
  type QuestionnaireResponse,
  isoInstant,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { loadNoteForms } from './note-forms.ts';
import { systemReader } from '../storage/system-reader.ts';
import { ENCOUNTER, workflowRepository } from './note-workflow-context.ts';

const RESPONSE = getResourceType('QuestionnaireResponse')!;
/** More questionnaires than any note holds: one page finds every response a note recorded. */
const MAX_RESPONSES = 1000;

/** When the answers were given: the session's start, else the note's own session date, else now. */
async function sessionStart(db: Queryable, ctx: RepositoryContext, note: Note): Promise<string> {
  const encounter = note.encounter?.id ? await systemReader(db, ctx).get<Encounter>(ENCOUNTER, note.encounter.id) : undefined;
  return encounter?.period?.start ?? note.encounterDate ?? isoInstant(ctx.clock());
}

/** The responses the note's scored questionnaires record now: none for a note entered in error. */
async function wantedResponses(
  db: Queryable,
  ctx: RepositoryContext,
  note: Note,
): Promise<{ entry: NoteFormAnswers; body: NoteAssessmentResponse }[]> {
  if (note.status === 'EnteredInError') return [];
  const { forms } = await loadNoteForms(db, ctx.practiceId, note);
  const scored = forms.filter((f) => f.questionnaire?.scoring && hasTypedAnswers(f.questionnaire.items, f.entry.answers));
  if (scored.length === 0) return [];
  const authored = await sessionStart(db, ctx, note);
  return scored.map(({ entry, questionnaire }) => ({ entry, body: noteAssessmentResponse(note, entry, questionnaire!, authored) }));
}

/**
 * Whether the note was signed before this call, so responses of it may be recorded already: an
 * amendment, or entered in error after the author signed. A first signature records afresh (a
 * client cannot have written one: the response hook refuses `derivedFrom` from anyone else), so
 * it reads nothing, and audits no read, for notes without assessments.
 */
const wasSignedBefore = (note: Note) => (note.amendments?.length ?? 0) > 0 || (note.status === 'EnteredInError' && isSignedByAuthor(note));

/** The responses the note recorded so far, read as the caller (an audited query of the patient's responses). */
async function recordedResponses(repo: ResourceRepository, note: Note): Promise<QuestionnaireResponse[]> {
  const page = await repo.search(RESPONSE, {
    filters: [{ field: 'derivedFrom.note.id', op: 'eq', value: note.id }],
    partition: note.partition,
    pageSize: MAX_RESPONSES,
  });
  return page.items as QuestionnaireResponse[];
}

/**
 * A refusal of the response (an answer the questionnaire does not allow, a questionnaire retired
 * since) said about the note: its issues at the section's answers, its detail naming the section.
 */
function atSection(error: unknown, entry: NoteFormAnswers): unknown {
  if (!(error instanceof AppError) || error.code !== ErrorCodes.BadRequest) return error;
  const answers = `sections.${entry.section}.answers${entry.element ? `.${entry.element}` : ''}`;
  const issues = (error.issues ?? []).map((i) => ({
    ...i,
    path: i.path === 'questionnaire' ? `sections.${entry.section}` : `${answers}.${i.path}`,
  }));
  return new AppError(ErrorCodes.BadRequest, `${entry.title}: ${error.message}`, { issues, cause: error });
}

/**
 * Keeps the chart's assessments in step with a note that was just signed, amended or marked
 * entered in error, inside that call's transaction and as its caller (permissions, reach and
 * audit as for any write; the response hook validates, scores and pins the version answered):
 * each scored questionnaire the note answers is recorded as a QuestionnaireResponse linked to
 * the note (`derivedFrom`), created at signing and updated by an amendment; one the note no
 * longer answers, and every one of a note entered in error, is withdrawn (deleted: out of the
 * chart's list and trend, its versions kept in history). docs/forms.md, "Assessments in notes".
 * Answers the responses the note now records (the care-plan outcomes are made from them).
 */
export async function recordNoteAssessments(tx: Queryable, ctx: RepositoryContext, note: Note): Promise<QuestionnaireResponse[]> {
  const repo = workflowRepository(tx, ctx);
  const recorded = wasSignedBefore(note) ? await recordedResponses(repo, note) : [];
  const wanted = await wantedResponses(tx, ctx, note);
  const current: QuestionnaireResponse[] = [];
  for (const { entry, body } of wanted) {
    const existing = recorded.find((r) => r.derivedFrom && sameSource(r.derivedFrom, entry));
    try {
      const written = existing
        ? await repo.update(RESPONSE, existing.id, { ...body, id: existing.id }, existing.meta.versionId)
        : await repo.create(RESPONSE, { ...body });
      current.push(written.resource as QuestionnaireResponse);
    } catch (error) {
      throw atSection(error, entry);
    }
  }
  for (const response of recorded) {
    if (!wanted.some(({ entry }) => sameSource(response.derivedFrom!, entry)))
      await repo.delete(RESPONSE, response.id, response.meta.versionId);
  }
  return current;
}
