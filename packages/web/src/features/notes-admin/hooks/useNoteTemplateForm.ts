import type { Answers, NoteDefinition, NoteDefinitionSection, NoteTemplate } from '@caseload/core';
import { useMemo, useState } from 'react';
import { useCollection } from '../../../data/index.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { useAdminForm, type AdminForm } from '../../../ui/admin/useAdminForm.ts';
import { statusOf } from '../utils/publishing.ts';
import {
  hasAnswers,
  prefilledSections,
  templateFormValues,
  templateSchema,
  templateSections,
  type TemplateFormValues,
} from '../utils/template-form.ts';

export interface NoteTemplateFormState {
  admin: AdminForm<TemplateFormValues>;
  /** The note definitions to pick from (not retired, unless it is the template's). */
  options: { value: string; label: string }[];
  /** The definition picked. */
  picked: NoteDefinition | undefined;
  /** Its sections a template can prefill. */
  prefilled: NoteDefinitionSection[];
  /** The prefilled answers by section key. */
  answers: Record<string, Answers>;
  setAnswers: (change: (all: Record<string, Answers>) => Record<string, Answers>) => void;
}

/** A note template's form: its definition, prefilled narratives and answers, and the save. */
export function useNoteTemplateForm(item: NoteTemplate | undefined, onSave: AdminFormProps<NoteTemplate>['onSave']): NoteTemplateFormState {
  const definitions = useCollection<NoteDefinition>('NoteDefinitions').items;
  const [answers, setAnswers] = useState<Record<string, Answers>>(() =>
    Object.fromEntries((item?.sections ?? []).filter((s) => hasAnswers(s.answers)).map((s) => [s.key, s.answers!])),
  );
  const admin = useAdminForm<TemplateFormValues>(templateSchema as never, templateFormValues(item), (v) => {
    const definition = definitions.find((d) => d.id === v.definition);
    return onSave({
      name: v.name,
      definition: { resourceType: 'NoteDefinition', id: v.definition, ...(definition && { display: definition.name }) },
      sections: templateSections(definition, v.narratives, answers),
    });
  });
  const picked = definitions.find((d) => d.id === admin.form.watch('definition'));
  const options = useMemo(
    () =>
      definitions
        .filter((d) => !d.meta?.isDeleted && (statusOf(d) !== 'Retired' || d.id === item?.definition?.id))
        .map((d) => ({ value: d.id, label: d.name })),
    [definitions, item],
  );
  return { admin, options, picked, prefilled: prefilledSections(picked), answers, setAnswers };
}
