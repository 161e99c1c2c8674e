import {
  evaluateNoteCompleteness,
  formKey,
  formsOfNote,
  type CompletenessForm,
  type CompletenessIssue,
  type Encounter,
  type Note,
  type NoteDefinition,
  type NoteSectionForm,
  type PracticePreferenceValues,
  type Questionnaire,
  type Reference,
} from '@caseload/core';
import { useMemo } from 'react';
import { useResources, type ResourceState } from '../../../data/index.ts';

export interface NoteCompleteness {
  /** What the note still lacks before it can be signed, in the order of the editor's fields. */
  issues: CompletenessIssue[];
  /** A form the sections answer is still being read: nothing is said of it yet. */
  loading: boolean;
}

const idsOf = (refs: readonly (Reference | undefined)[], type: string) => [
  ...new Set(refs.filter((r) => r?.resourceType === type).map((r) => r!.id)),
];
const reading = (state: ResourceState | undefined) => !!state && state.loading && !state.item;

/**
 * What the note's definition, its forms and the practice's preferences require, run live on the
 * editor's copy with core's evaluateNoteCompleteness, the evaluator the server runs at signing.
 * The forms (and the NoteSectionForms of Subform sections) are read through the data layer; a
 * form still being read is left out until it arrives, so no guess flashes in the panel.
 * `activeCarePlans` (the patient's Active care plans) feeds the golden-thread rule.
 */
export function useNoteCompleteness(
  note: Note,
  encounter: Encounter,
  definition: NoteDefinition | undefined,
  preferences: PracticePreferenceValues,
  activeCarePlans = 0,
): NoteCompleteness {
  const refs = useMemo(() => formsOfNote(note, definition), [note, definition]);
  const holderIds = idsOf(refs, 'NoteSectionForm');
  const holders = useResources<NoteSectionForm>('NoteSectionForms', holderIds);
  const holderOf = (id: string) => holders[holderIds.indexOf(id)];
  const targets = refs.map((r) => (r.resourceType === 'NoteSectionForm' ? holderOf(r.id)?.item?.form : r));
  const formIds = idsOf(targets, 'Form');
  const questionnaireIds = idsOf(targets, 'Questionnaire');
  const forms = useResources<Questionnaire>('Forms', formIds);
  const questionnaires = useResources<Questionnaire>('Questionnaires', questionnaireIds);

  return useMemo(() => {
    const stateOf = (ref: Reference) =>
      ref.resourceType === 'Form'
        ? forms[formIds.indexOf(ref.id)]
        : ref.resourceType === 'Questionnaire'
          ? questionnaires[questionnaireIds.indexOf(ref.id)]
          : undefined;
    const found = new Map<string, CompletenessForm>();
    const unread = new Set<string>();
    refs.forEach((ref, i) => {
      const target = targets[i];
      const state = target && stateOf(target);
      if (state?.item) found.set(formKey(ref), state.item);
      else if (reading(state) || (ref.resourceType === 'NoteSectionForm' && reading(holderOf(ref.id)))) unread.add(formKey(ref));
    });
    return {
      issues: evaluateNoteCompleteness({ note, encounter, definition, preferences, forms: found, unread, activeCarePlans }),
      loading: unread.size > 0,
    };
    // The ids and targets follow refs and the states read.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- derived from refs
  }, [note, encounter, definition, preferences, activeCarePlans, refs, holders, forms, questionnaires]);
}
