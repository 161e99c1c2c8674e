import type { NoteDefinition, NoteSection, NoteTemplate } from '@caseload/core';
import { Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { array, object, string } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import type { AdminFormProps } from '../../practice-admin/components/admin-form-props.ts';
import { FormActions } from '../../practice-admin/components/FormActions.tsx';
import { useAdminForm } from '../../practice-admin/hooks/useAdminForm.ts';
import { statusOf } from '../utils/publishing.ts';

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

/**
 * A practice template: prefilled content for a note definition. Each narrative section of the
 * definition gets its starting text; a clinician starting a note from the template begins there.
 */
export function NoteTemplateForm({ item, onSave, onCancel, readOnly }: AdminFormProps<NoteTemplate>) {
  const definitions = useCollection<NoteDefinition>('NoteDefinitions').items;
  const { form, submit, onSubmit } = useAdminForm<TemplateFormValues>(
    templateSchema as never,
    {
      name: item?.name ?? '',
      definition: item?.definition?.id ?? '',
      narratives: Object.fromEntries((item?.sections ?? []).map((s) => [s.key, s.narrative ?? ''])),
    },
    (v) => {
      const definition = definitions.find((d) => d.id === v.definition);
      const sections: NoteSection[] = (definition?.sections ?? [])
        .filter((s) => s.kind === 'Narrative' && v.narratives[s.key]?.trim())
        .map((s) => ({ key: s.key, title: s.title, kind: s.kind, narrative: v.narratives[s.key]!.trim() }));
      return onSave({
        name: v.name,
        definition: { resourceType: 'NoteDefinition', id: v.definition, ...(definition && { display: definition.name }) },
        sections,
      });
    },
  );
  const { register, control, formState, watch } = form;
  const e = formState.errors;
  const picked = definitions.find((d) => d.id === watch('definition'));
  const options = useMemo(
    () => definitions.filter((d) => !d.meta?.isDeleted && (statusOf(d) !== 'Retired' || d.id === item?.definition?.id)).map((d) => ({ value: d.id, label: d.name })),
    [definitions, item],
  );
  const narratives = (picked?.sections ?? []).filter((s) => s.kind === 'Narrative');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={e.name?.message} {...register('name')} />
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
        {picked && narratives.length === 0 && (
          <Text fz="sm" c="dimmed">
            This definition has no narrative sections to prefill.
          </Text>
        )}
        {narratives.map((s) => (
          <Textarea key={s.key} label={s.title} description={s.help} autosize minRows={3} disabled={readOnly} {...register(`narratives.${s.key}`)} />
        ))}
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
