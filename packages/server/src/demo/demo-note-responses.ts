import {
  hasTypedAnswers,
  isSignedByAuthor,
  noteAssessmentResponse,
  noteFormAnswers,
  prepareAnswers,
  scoreAssessment,
  type Note,
  type NoteAssessmentResponse,
  type NoteDefinition,
  type NoteFormAnswers,
  type Questionnaire,
  type QuestionnaireResponse,
  type Reference,
} from '@caseload/core';
import type { StoredInstruments } from './demo-assessments.ts';
import { demoId } from './demo-ids.ts';

/**
 * The PHQ-9 and GAD-7 responses a generated note records, version by version, as the note calls
 * record them (notes/note-assessment-responses.ts, docs/forms.md "Assessments in notes"): one per
 * scored questionnaire the signed version answers (core `noteFormAnswers`, `noteAssessmentResponse`:
 * linked to that version by `derivedFrom`, the note's author and encounter, dated by the session's
 * start), stored as the response hook stores it (answers prepared, the version answered pinned,
 * the score computed); a new version naming the amended note when the author amends; a tombstone
 * when the note is entered in error. A note never signed records none: its draft's answers reach
 * the chart when it is signed.
 */
export function noteResponses(
  seed: number,
  noteKey: string,
  versions: readonly Note[],
  definition: Pick<NoteDefinition, 'sections'>,
  instruments: StoredInstruments,
  sessionStart: string,
): QuestionnaireResponse[][] {
  const signedAt = versions.findIndex((v) => isSignedByAuthor(v));
  if (signedAt === -1) return [];
  const signed = versions[signedAt]!;
  const byId = new Map(Object.values(instruments).map((q) => [q.id, q]));
  const scored = noteFormAnswers(signed, definition).flatMap((entry) => {
    const questionnaire = entry.form.resourceType === 'Questionnaire' ? byId.get(entry.form.id) : undefined;
    return questionnaire && hasTypedAnswers(questionnaire.items, entry.answers) ? [{ entry, questionnaire }] : [];
  });
  // What the amend and entered-in-error calls do after signing: the demo amends narratives only,
  // so an amended note's questionnaires are the ones it was signed with.
  const later = versions.slice(signedAt + 1).filter((v) => v.status === 'Amended' || v.status === 'EnteredInError');
  return scored.map(({ entry, questionnaire }) => {
    const key = `${noteKey}:${entry.section}${entry.element ? `.${entry.element}` : ''}`;
    let body = stored(noteAssessmentResponse(signed, entry, questionnaire, sessionStart), questionnaire);
    const chain = [version(seed, key, 0, body, signed, signed)];
    for (const note of later) {
      // A tombstone keeps the body it withdraws, as the repository's delete does.
      if (note.status === 'Amended')
        body = stored(noteAssessmentResponse(note, answersIn(note, definition, entry), questionnaire, sessionStart), questionnaire);
      chain.push(version(seed, key, chain.length, body, signed, note, note.status === 'EnteredInError'));
    }
    return chain;
  });
}

/** The same questionnaire's answers in a later version of the note. */
function answersIn(note: Note, definition: Pick<NoteDefinition, 'sections'>, entry: NoteFormAnswers): NoteFormAnswers {
  return noteFormAnswers(note, definition).find((e) => e.section === entry.section && e.element === entry.element) ?? entry;
}

/** A response's fields as the response hook leaves them. */
type StoredBody = NoteAssessmentResponse & Pick<QuestionnaireResponse, 'score'>;

/** What the response hook stores of a note's response: answers prepared, the version pinned, the score. */
function stored(body: NoteAssessmentResponse, questionnaire: Questionnaire): StoredBody {
  const answers = prepareAnswers(questionnaire, body.answers);
  const score = scoreAssessment(questionnaire, answers);
  return {
    ...body,
    answers,
    questionnaire: {
      id: questionnaire.id,
      resourceType: questionnaire.resourceType,
      versionId: questionnaire.meta.versionId,
      display: questionnaire.title,
    },
    ...(score && { score }),
  };
}

/** One version, written by the note call of `by`'s version: its time, its acting profile (a bare reference). */
function version(
  seed: number,
  key: string,
  index: number,
  body: StoredBody,
  signed: Note,
  by: Note,
  isDeleted = false,
): QuestionnaireResponse {
  const actor = by.meta.lastModifiedBy as Reference;
  return {
    ...body,
    id: demoId(seed, 'QuestionnaireResponse', key),
    created: signed.meta.lastModified,
    meta: {
      versionId: demoId(seed, 'QuestionnaireResponse-version', `${key}:${index}`),
      lastModified: by.meta.lastModified,
      lastModifiedBy: { resourceType: actor.resourceType, id: actor.id },
      ...(isDeleted && { isDeleted: true }),
    },
  };
}
