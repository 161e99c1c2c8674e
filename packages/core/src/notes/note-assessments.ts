import type { Answers, Questionnaire, QuestionnaireResponse, ResponseSource } from '../questionnaires/types.ts';
import { validateResponse } from '../questionnaires/validate-response.ts';
import type { Reference } from '../resources/resource.ts';
import type { Note, NoteDefinition } from './types.ts';

/**
 * Questionnaires answered inside notes (docs/forms.md, "Assessments in notes"): where a note holds
 * them, and the QuestionnaireResponse a signed note's scored questionnaire becomes, so a PHQ-9 in
 * a note reaches the chart's assessments and trend exactly like one filled in on its own.
 */

/** Refusals of a client's write to a response a note recorded, or of one claiming to be one. */
export const NOTE_ASSESSMENT_MESSAGES = {
  recordedFromNote: 'This response was recorded from a signed note and changes only with it: amend the note to correct it.',
  derivedFrom: 'derivedFrom is set when a note is signed and cannot be written directly.',
} as const;

/** One questionnaire a note answers: a Subform or Assessment section, or a Form element of a Form section. */
export interface NoteFormAnswers extends Omit<ResponseSource, 'note'> {
  /** The section's title, or the element's label. */
  title: string;
  /** The Form, Questionnaire or NoteSectionForm named (the note's section first, else its definition's). */
  form: Reference;
  answers: Answers;
}

const isAnswers = (v: unknown): v is Answers => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The questionnaires a note answers, in the note's order, with their answers (empty when none yet). */
export function noteFormAnswers(note: Pick<Note, 'sections'>, definition: Pick<NoteDefinition, 'sections'> | undefined): NoteFormAnswers[] {
  const entries: NoteFormAnswers[] = [];
  for (const section of note.sections ?? []) {
    const defined = definition?.sections.find((d) => d.key === section.key);
    const title = section.title ?? defined?.title ?? section.key;
    if (section.kind === 'Subform' || section.kind === 'Assessment') {
      const form = section.form ?? defined?.form;
      if (form) entries.push({ section: section.key, title, form, answers: isAnswers(section.answers) ? section.answers : {} });
    } else if (section.kind === 'Form') {
      for (const element of defined?.elements ?? []) {
        if (element.type !== 'Form' || !element.form) continue;
        const answers = section.answers?.[element.key];
        entries.push({
          section: section.key,
          element: element.key,
          title: element.label ?? title,
          form: element.form,
          answers: isAnswers(answers) ? answers : {},
        });
      }
    }
  }
  return entries;
}

/** Whether two sources name the same place in a note. */
export const sameSource = (a: Omit<ResponseSource, 'note'>, b: Omit<ResponseSource, 'note'>) =>
  a.section === b.section && (a.element ?? '') === (b.element ?? '');

/** A note's scored questionnaire as a response: everything but what the server keeps (id, meta, score, version pinned). */
export type NoteAssessmentResponse = Pick<
  QuestionnaireResponse,
  | 'resourceType'
  | 'partition'
  | 'questionnaire'
  | 'subject'
  | 'encounter'
  | 'author'
  | 'authored'
  | 'completion'
  | 'answers'
  | 'derivedFrom'
>;

/**
 * The response a signed (or amended) note's questionnaire records: the patient's, the note's
 * author's, dated by the session (`authored`: the answers were given then, whenever the note was
 * signed), pointing at the note version whose answers it holds. Complete when every required
 * question is answered, else in progress (its total is then not banded, and no trend point).
 */
export function noteAssessmentResponse(
  note: Pick<Note, 'id' | 'partition' | 'subject' | 'encounter' | 'author' | 'title' | 'meta'>,
  entry: NoteFormAnswers,
  questionnaire: Pick<Questionnaire, 'resourceType' | 'id' | 'title' | 'items' | 'scoring'>,
  authored: string,
): NoteAssessmentResponse {
  const complete = validateResponse(questionnaire, { answers: entry.answers, completion: 'Complete' }).length === 0;
  const versionId =
    entry.form.resourceType === questionnaire.resourceType && entry.form.id === questionnaire.id ? entry.form.versionId : undefined;
  return {
    resourceType: 'QuestionnaireResponse',
    partition: note.partition,
    questionnaire: {
      resourceType: questionnaire.resourceType,
      id: questionnaire.id,
      display: questionnaire.title,
      ...(versionId && { versionId }),
    },
    subject: note.subject ?? { resourceType: 'Patient', id: note.partition },
    encounter: note.encounter,
    author: note.author,
    authored,
    completion: complete ? 'Complete' : 'InProgress',
    answers: entry.answers,
    derivedFrom: {
      note: { resourceType: 'Note', id: note.id, versionId: note.meta.versionId, ...(note.title && { display: note.title }) },
      section: entry.section,
      ...(entry.element && { element: entry.element }),
    },
  };
}
