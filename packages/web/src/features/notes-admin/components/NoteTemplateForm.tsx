import type { Answers, Encounter, NoteDefinition, NoteDefinitionSection, NoteSection, NoteSectionElementType, NoteTemplate } from '@caseload/core';
import { Select, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { array, object, string } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { NoteSectionEditor } from '../../notes/index.ts';
import { usePracticePreferences } from '../../practice/index.ts';
import type { AdminFormProps } from '../../practice-admin/components/admin-form-props.ts';
import { useAdminForm } from '../../practice-admin/hooks/useAdminForm.ts';
import { statusOf } from '../utils/publishing.ts';
import { AdminDialogForm } from '../../practice-admin/components/AdminDialogForm.tsx';

interface TemplateFormValues {
  name: string;
  definition: string;
  /** Prefilled narrative by section key. */
  narratives: Record<string, string>;
}

const templateSchema = object({
  name: string().trim().label('Name').required().max(200),
  definition: string().label('Note definition').required(),
  narratives: object().default({}),
  sections: array().optional(),
});

/** Section kinds whose answers a template prefills through the forms renderer. */
const ANSWERED_KINDS = new Set<NoteSection['kind']>(['Form', 'Subform', 'Assessment']);

/**
 * Element types a template can answer ahead of the session. The others show what only a written
 * note has (its encounter's diagnoses and session time, the patient's problems) or wait for care
 * plans, so they are left out of the template.
 */
const PREFILLABLE = new Set<NoteSectionElementType>(['Text', 'Form', 'CtoneCustomDropdown', 'ClinicalQualityIndicator', 'AddOn', 'EvidenceBasedPractices']);

/** The definition's section with only the elements a template can answer. */
const prefillable = (s: NoteDefinitionSection): NoteDefinitionSection => ({ ...s, elements: s.elements?.filter((e) => PREFILLABLE.has(e.type)) });

/** The section editor needs an encounter; a template has none (no prefillable element reads it). */
const NO_ENCOUNTER = { resourceType: 'Encounter', id: '', meta: { versionId: '' }, participants: [] } as unknown as Encounter;

const hasAnswers = (answers: Answers | undefined) => !!answers && Object.keys(answers).length > 0;

/**
 * A practice template: prefilled content for a note definition. Each Narrative section of the
 * definition gets its starting text, and each Form, Subform or Assessment section its answers,
 * filled in the same form renderer the note editor uses; a clinician starting a note from the
 * template begins there.
 */
export function NoteTemplateForm({ item, onSave, onCancel, readOnly }: AdminFormProps<NoteTemplate>) {
  const definitions = useCollection<NoteDefinition>('NoteDefinitions').items;
  const { values: preferences } = usePracticePreferences();
  const [answers, setAnswers] = useState<Record<string, Answers>>(() =>
    Object.fromEntries((item?.sections ?? []).filter((s) => hasAnswers(s.answers)).map((s) => [s.key, s.answers!])),
  );
  const admin = useAdminForm<TemplateFormValues>(
    templateSchema as never,
    {
      name: item?.name ?? '',
      definition: item?.definition?.id ?? '',
      narratives: Object.fromEntries((item?.sections ?? []).map((s) => [s.key, s.narrative ?? ''])),
    },
    (v) => {
      const definition = definitions.find((d) => d.id === v.definition);
      const sections: NoteSection[] = (definition?.sections ?? []).flatMap((s): NoteSection[] => {
        if (s.kind === 'Narrative' && v.narratives[s.key]?.trim()) return [{ key: s.key, title: s.title, kind: s.kind, narrative: v.narratives[s.key]!.trim() }];
        if (ANSWERED_KINDS.has(s.kind) && hasAnswers(answers[s.key])) return [{ key: s.key, title: s.title, kind: s.kind, answers: answers[s.key] }];
        return [];
      });
      return onSave({
        name: v.name,
        definition: { resourceType: 'NoteDefinition', id: v.definition, ...(definition && { display: definition.name }) },
        sections,
      });
    },
  );
  const { register, control, watch } = admin.form;
  const picked = definitions.find((d) => d.id === watch('definition'));
  const options = useMemo(
    () => definitions.filter((d) => !d.meta?.isDeleted && (statusOf(d) !== 'Retired' || d.id === item?.definition?.id)).map((d) => ({ value: d.id, label: d.name })),
    [definitions, item],
  );
  // A Form section whose elements all need a written note (session time, diagnoses) has nothing to prefill.
  const prefilled = (picked?.sections ?? []).filter((s) => s.kind === 'Narrative' || (ANSWERED_KINDS.has(s.kind) && (s.kind !== 'Form' || !!prefillable(s).elements?.length)));
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly} gap="md">
      <Controller
        control={control}
        name="definition"
        render={({ field, fieldState }) => (
          <Select
            label="Note definition"
            required
            data={options}
            searchable
            disabled={readOnly || Boolean(item)}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            nothingFoundMessage="No note definitions yet"
            placeholder="Pick one"
          />
        )}
      />
      {picked && prefilled.length === 0 && (
        <Text fz="sm" c="dimmed">
          This definition has no narrative or form sections to prefill.
        </Text>
      )}
      {prefilled.map((s) =>
        s.kind === 'Narrative' ? (
          <Textarea key={s.key} label={s.title} description={s.help} autosize minRows={3} disabled={readOnly} {...register(`narratives.${s.key}`)} />
        ) : (
          <NoteSectionEditor
            key={`${picked!.id}:${s.key}`}
            section={{ key: s.key, title: s.title, kind: s.kind, ...(s.form && { form: s.form }), answers: answers[s.key] }}
            definition={prefillable(s)}
            onChange={(change) => setAnswers((all) => ({ ...all, [s.key]: change({ key: s.key, kind: s.kind, answers: all[s.key] }).answers ?? {} }))}
            encounter={NO_ENCOUNTER}
            conditions={[]}
            choiceLists={preferences}
            partition=""
            readOnly={readOnly}
          />
        ),
      )}
    </AdminDialogForm>
  );
}
