import { medicationSchema, type Medication } from '@caseload/core';
import { Group, TextInput } from '@mantine/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ChoiceField, PeriodFields, errorAt } from './RecordFields.tsx';

export const MEDICATION_STATUSES = { active: 'Active', stopped: 'Stopped' };

/** Records or edits a medication: name, dosage, status, when taken, and who prescribed it. */
export function MedicationForm({ record, opened, onClose }: RecordFormProps<Medication>) {
  const { form, submit, onSubmit } = useChartRecordForm<Medication>({
    collection: 'Medications',
    schema: medicationSchema,
    values: record,
    opened,
    onSaved: onClose,
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={record.id ? 'Medication' : 'New medication'}
      onSubmit={onSubmit}
      saving={submit.pending}
    >
      <TextInput
        label="Medication"
        placeholder="e.g. Sertraline 50 mg tablet"
        required
        error={errorAt(form, 'name')}
        {...form.register('name')}
      />
      <TextInput
        label="Dosage"
        placeholder="e.g. 1 tablet by mouth once daily"
        error={errorAt(form, 'dosage')}
        {...form.register('dosage')}
      />
      <Group grow align="flex-start">
        <ChoiceField form={form} name="status" label="Status" options={MEDICATION_STATUSES} />
        <TextInput label="Prescriber" error={errorAt(form, 'prescriber')} {...form.register('prescriber')} />
      </Group>
      <PeriodFields form={form} name="period" startLabel="Started" endLabel="Stopped" />
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
