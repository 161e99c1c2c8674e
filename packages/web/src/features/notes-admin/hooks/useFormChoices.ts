import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import { displayName } from './useReferTo.ts';
import type { Resource } from '@caseload/core';

type Publishable = Resource & { status?: string; title?: string; name?: string };

/** One pickable form of a section, with the type its reference names. */
export interface FormChoice {
  id: string;
  resourceType: 'Form' | 'Questionnaire' | 'NoteSectionForm';
  label: string;
  collection: string;
}

/**
 * The forms a note definition's sections may use: Forms and Questionnaires (Form sections),
 * Questionnaires (Assessment sections), NoteSectionForms (Subform sections). Retired ones are left
 * out, except the one a section already names.
 */
export function useFormChoices(): { choices: FormChoice[]; loading: boolean; typeOf: (id: string) => string } {
  const forms = useCollection<Publishable>('Forms');
  const questionnaires = useCollection<Publishable>('Questionnaires');
  const sectionForms = useCollection<Publishable>('NoteSectionForms');
  const choices = useMemo(() => {
    const of = (items: Publishable[], resourceType: FormChoice['resourceType'], collection: string) =>
      items
        .filter((i) => !i.meta?.isDeleted)
        .map((i) => ({ id: i.id, resourceType, collection, label: displayName(i), retired: i.status === 'Retired' }));
    return [
      ...of(forms.items, 'Form', 'Forms'),
      ...of(questionnaires.items, 'Questionnaire', 'Questionnaires'),
      ...of(sectionForms.items, 'NoteSectionForm', 'NoteSectionForms'),
    ];
  }, [forms.items, questionnaires.items, sectionForms.items]);
  const typeOf = (id: string) => choices.find((c) => c.id === id)?.resourceType ?? 'Form';
  return { choices, loading: forms.loading || questionnaires.loading || sectionForms.loading, typeOf };
}
