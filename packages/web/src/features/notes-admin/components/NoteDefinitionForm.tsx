import { DurationModes, NoteDefinitionKinds, type NoteDefinition, type NoteDefinitionKind } from '@caseload/core';
import { Button, Fieldset, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import type { AdminFormProps } from '../../practice-admin/components/admin-form-props.ts';
import { FormActions } from '../../practice-admin/components/FormActions.tsx';
import { useAdminForm } from '../../practice-admin/hooks/useAdminForm.ts';
import { useFormChoices } from '../hooks/useFormChoices.ts';
import { useReferTo } from '../hooks/useReferTo.ts';
import {
  DEFINITION_NOTE_KINDS,
  definitionFields,
  definitionFormValues,
  newSection,
  NOTE_KIND_OF,
  noteDefinitionSchema,
  type DefinitionFormValues,
} from '../utils/definition-form.ts';
import { ScopeFields } from './ScopeFields.tsx';
import { SectionEditor } from './SectionEditor.tsx';

const KIND_HELP: Record<NoteDefinitionKind, string> = {
  Individual: 'One note for one session with one patient.',
  Group: "One group session makes a note per attendee: shared sections once, each attendee's own sections.",
  MultiService: 'One session with several services, each with its own service type and time.',
};

const DURATION_LABELS: Record<(typeof DurationModes)[number], string> = {
  Duration: 'Start and end time',
  DurationMinutes: 'Start time and minutes',
  TimeIncrements: 'Start time and increments',
};

/**
 * A note definition: what clinicians write for which programs and services (kind, the note kind it
 * makes, how session time is entered) and its sections, in order.
 */
export function NoteDefinitionForm({ item, onSave, onCancel, readOnly }: AdminFormProps<NoteDefinition>) {
  const refer = useReferTo();
  const forms = useFormChoices();
  const { form, submit, onSubmit } = useAdminForm<DefinitionFormValues>(noteDefinitionSchema, definitionFormValues(item), (v) =>
    onSave(definitionFields(v, refer, forms.typeOf)),
  );
  const { register, control, formState, watch, setValue } = form;
  const sections = useFieldArray({ control, name: 'sections' });
  const e = formState.errors;
  const kind = watch('kind');
  const values = watch('sections');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={e.name?.message} {...register('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <Select
                label="Kind"
                description={KIND_HELP[field.value]}
                data={[...NoteDefinitionKinds]}
                allowDeselect={false}
                disabled={readOnly}
                value={field.value}
                onChange={(v) => {
                  if (!v) return;
                  field.onChange(v);
                  setValue('noteKind', NOTE_KIND_OF[v as NoteDefinitionKind]);
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="noteKind"
            render={({ field, fieldState }) => (
              <Select label="Note kind" description="The kind of note written from it." data={[...DEFINITION_NOTE_KINDS]} allowDeselect={false} disabled={readOnly} value={field.value} onChange={(v) => v && field.onChange(v)} error={fieldState.error?.message} />
            )}
          />
          <Controller
            control={control}
            name="durationMode"
            render={({ field }) => (
              <Select
                label="Session time entry"
                data={DurationModes.map((m) => ({ value: m, label: DURATION_LABELS[m] }))}
                allowDeselect={false}
                disabled={readOnly}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
              />
            )}
          />
          {watch('durationMode') === 'TimeIncrements' && (
            <Controller
              control={control}
              name="incrementMinutes"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Minutes per increment"
                  required
                  min={1}
                  max={240}
                  allowDecimal={false}
                  disabled={readOnly}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v === '' ? undefined : v)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
        </SimpleGrid>
        <Fieldset legend="Offered for">
          <ScopeFields control={control} names={{ programs: 'programs', serviceTypes: 'serviceTypes' }} readOnly={readOnly} emptyMeans="Empty: any." />
        </Fieldset>
        <Fieldset legend="Sections">
          <Stack gap="sm">
            {e.sections?.message && (
              <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 14 }}>
                {e.sections.message}
              </div>
            )}
            {sections.fields.map((s, index) => (
              <SectionEditor
                key={s.id}
                index={index}
                count={sections.fields.length}
                section={values[index] ?? s}
                control={control}
                register={register}
                setValue={setValue}
                group={kind === 'Group'}
                formChoices={forms.choices}
                readOnly={readOnly}
                onMove={(to) => sections.move(index, to)}
                onRemove={() => sections.remove(index)}
              />
            ))}
            {!readOnly && (
              <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => sections.append(newSection('Narrative'))} style={{ alignSelf: 'flex-start' }}>
                Add a section
              </Button>
            )}
          </Stack>
        </Fieldset>
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
