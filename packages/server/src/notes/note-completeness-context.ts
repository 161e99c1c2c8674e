import {
  formKey,
  formsOfNote,
  type CompletenessForm,
  type Note,
  type NoteDefinition,
  type NoteSectionForm,
  type Questionnaire,
  type Reference,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { SystemReader } from '../storage/system-reader.ts';

/** What the completeness evaluator reads beyond the note, its encounter and the preferences. */
export interface LoadedCompleteness {
  definition?: NoteDefinition;
  forms: Map<string, CompletenessForm>;
  /** The patient's Active care plans (the golden-thread rule, docs/care-plans.md). */
  activeCarePlans: number;
}

const FORM_TYPES = new Set(['Form', 'Questionnaire']);

/**
 * The note's definition and the forms its sections answer, read as the server (like the rules:
 * what a note must hold applies whatever the signer may read). A Subform's NoteSectionForm is
 * followed to the form it wraps and found under both keys. The current versions are read, as the
 * editor shows them; a deleted one is simply absent. The patient's active care plans are counted
 * for the golden-thread rule.
 */
export async function loadCompleteness(db: Queryable, practiceId: string, note: Note): Promise<LoadedCompleteness> {
  const system = new SystemReader(db, practiceId);
  const definition = note.definition ? await system.get<NoteDefinition>('NoteDefinition', note.definition.id) : undefined;
  const forms = new Map<string, CompletenessForm>();
  const formOf = async (ref: Reference) =>
    FORM_TYPES.has(ref.resourceType) ? system.get<Questionnaire>(ref.resourceType, ref.id) : undefined;
  for (const ref of formsOfNote(note, definition)) {
    const target = ref.resourceType === 'NoteSectionForm' ? (await system.get<NoteSectionForm>('NoteSectionForm', ref.id))?.form : ref;
    const form = target && (await formOf(target));
    if (form) forms.set(formKey(ref), form);
  }
  const plans = await system.list('CarePlan', { partition: note.partition, filters: [{ field: 'status', op: 'eq', value: 'Active' }] });
  return { definition, forms, activeCarePlans: plans.length };
}
