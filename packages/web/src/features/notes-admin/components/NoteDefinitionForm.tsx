import {
  DurationModes,
  NOTE_DEFINITION_KIND_LABELS,
  NoteDefinitionKinds,
  noteKindOptions,
  type NoteDefinition,
  type NoteDefinitionKind,
} from '@caseload/core';
import { Button, Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { ChoiceField } from '../../../ui/ChoiceField.tsx';
import { WholeNumberField } from '../../../ui/WholeNumberField.tsx';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
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
  const admin = useAdminForm<DefinitionFormValues>(noteDefinitionSchema, definitionFormValues(item), (v) =>
    onSave(definitionFields(v, refer, forms.typeOf)),
  );
  const { register, control, formState, watch, setValue } = admin.form;
  const sections = useFieldArray({ control, name: 'sections' });
  const e = formState.errors;
  const kind = watch('kind');
  const values = watch('sections');
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly} gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ChoiceField
          control={control}
          name="kind"
          label="Kind"
          description={KIND_HELP[kind]}
          data={NoteDefinitionKinds.map((k) => ({ value: k, label: NOTE_DEFINITION_KIND_LABELS[k] }))}
          disabled={readOnly}
          onPick={(v) => setValue('noteKind', NOTE_KIND_OF[v as NoteDefinitionKind])}
        />
        <ChoiceField
          control={control}
          name="noteKind"
          label="Note kind"
          description="The kind of note written from it."
          data={noteKindOptions(DEFINITION_NOTE_KINDS)}
          disabled={readOnly}
        />
        <ChoiceField
          control={control}
          name="durationMode"
          label="Session time entry"
          data={DurationModes.map((m) => ({ value: m, label: DURATION_LABELS[m] }))}
          disabled={readOnly}
        />
        {watch('durationMode') === 'TimeIncrements' && (
          <WholeNumberField
            control={control}
            name="incrementMinutes"
            label="Minutes per increment"
            required
            min={1}
            max={240}
            disabled={readOnly}
          />
        )}
      </SimpleGrid>
      <Fieldset legend="Offered for">
        <ScopeFields
          control={control}
          names={{ programs: 'programs', serviceTypes: 'serviceTypes' }}
          readOnly={readOnly}
          emptyMeans="Empty: any."
        />
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
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => sections.append(newSection('Narrative'))}
              style={{ alignSelf: 'flex-start' }}
            >
              Add a section
            </Button>
          )}
        </Stack>
      </Fieldset>
    </AdminDialogForm>
  );
}
