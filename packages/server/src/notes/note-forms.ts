import {
  answerableVersionId,
  noteFormAnswers,
  type Note,
  type NoteDefinition,
  type NoteFormAnswers,
  type NoteSectionForm,
  type Questionnaire,
  type Reference,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { SystemReader } from '../storage/system-reader.ts';

/** One questionnaire a note answers, with the version its answers answer (absent when it no longer exists). */
export interface NoteForm {
  entry: NoteFormAnswers;
  questionnaire?: Questionnaire;
}

/** A note's definition and the questionnaires its sections answer. */
export interface NoteForms {
  definition?: NoteDefinition;
  forms: NoteForm[];
}

const FORM_TYPES = new Set(['Questionnaire', 'Form']);

/**
 * The version a reference answers: the one it names, else the one a response to it would pin
 * (the Active version, or the published one behind a Draft being edited), as the response hook
 * picks it.
 */
async function answeredVersion(system: SystemReader, ref: Reference): Promise<Questionnaire | undefined> {
  const current = await system.get<Questionnaire>(ref.resourceType, ref.id);
  if (!current) return undefined;
  const versionId = ref.versionId ?? answerableVersionId(current) ?? current.meta.versionId;
  if (versionId === current.meta.versionId) return current;
  return (await system.version<Questionnaire>(ref.resourceType, ref.id, versionId)) ?? current;
}

/**
 * The note's definition and, for each questionnaire its sections answer (core `noteFormAnswers`),
 * that questionnaire: a NoteSectionForm is followed to the form it wraps. Read as the server, like
 * the rules a note is signed against: questionnaires are the practice's configuration, and a
 * printout or a signature must read the PHQ-9's questions whatever the reader's grant sets say
 * about questionnaires.
 */
export async function loadNoteForms(db: Queryable, practiceId: string, note: Note): Promise<NoteForms> {
  const system = new SystemReader(db, practiceId);
  const definition = note.definition?.id ? await system.get<NoteDefinition>('NoteDefinition', note.definition.id) : undefined;
  const forms: NoteForm[] = [];
  for (const entry of noteFormAnswers(note, definition)) {
    const target =
      entry.form.resourceType === 'NoteSectionForm'
        ? (await system.get<NoteSectionForm>('NoteSectionForm', entry.form.id))?.form
        : entry.form;
    const questionnaire = target && FORM_TYPES.has(target.resourceType) ? await answeredVersion(system, target) : undefined;
    forms.push({ entry, ...(questionnaire && { questionnaire }) });
  }
  return { ...(definition && { definition }), forms };
}
