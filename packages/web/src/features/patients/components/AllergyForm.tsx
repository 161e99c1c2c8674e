import { allergySchema, type Allergy } from '@caseload/core';
import { Autocomplete, Group, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import { SUBSTANCE_NAMES, substanceCoding } from '../utils/allergy-substance.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { ChoiceField, DateField, errorAt } from './RecordFields.tsx';
import { FormDialog } from './FormDialog.tsx';

export const ALLERGY_SEVERITIES = { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };
export const ALLERGY_STATUSES = { active: 'Active', inactive: 'Inactive' };

/** Records or edits an allergy: the substance (from the list, or written in), reaction, severity, status. */
export function AllergyForm({ record, opened, onClose }: RecordFormProps<Allergy>) {
  const { form, submit, onSubmit } = useChartRecordForm<Allergy>({
    collection: 'Allergies',
    schema: allergySchema,
    values: record,
    opened,
    onSaved: onClose,
  });
  const isNew = !record.id;
  return (
    <FormDialog opened={opened} onClose={onClose} title={isNew ? 'New allergy' : 'Allergy'} onSubmit={onSubmit} saving={submit.pending}>
      <Controller
        control={form.control}
        name="substance"
        render={({ field }) => (
          <Autocomplete
            label="Substance"
            description="Pick from the list or type another"
            data={SUBSTANCE_NAMES}
            limit={30}
            value={field.value?.display ?? field.value?.code ?? ''}
            onChange={(text) => field.onChange(substanceCoding(text))}
            onBlur={field.onBlur}
            error={errorAt(form, 'substance') ?? errorAt(form, 'substance.display') ?? errorAt(form, 'substance.code')}
            required
          />
        )}
      />
      <TextInput label="Reaction" placeholder="e.g. Hives, anaphylaxis" error={errorAt(form, 'reaction')} {...form.register('reaction')} />
      <Group grow align="flex-start">
        <ChoiceField form={form} name="severity" label="Severity" options={ALLERGY_SEVERITIES} clearable />
        <ChoiceField form={form} name="status" label="Status" options={ALLERGY_STATUSES} />
        <DateField form={form} name="recordedDate" label="Recorded on" />
      </Group>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
