import { CONSENT_CATEGORIES, consentSchema, type Consent } from '@caseload/core';
import { Group } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { CodingSelect } from './CodingSelect.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ChoiceField, DateField, PeriodFields, errorAt } from './RecordFields.tsx';

export const CONSENT_STATUSES = { active: 'Active', inactive: 'Inactive', rejected: 'Rejected' };

/** Records or edits a consent: its category, status, the day it was given, and the period it covers. */
export function ConsentForm({ record, opened, onClose }: RecordFormProps<Consent>) {
  const { form, submit, onSubmit } = useChartRecordForm<Consent>({
    collection: 'Consents',
    schema: consentSchema,
    values: record,
    opened,
    onSaved: onClose,
  });
  return (
    <FormDialog opened={opened} onClose={onClose} title={record.id ? 'Consent' : 'New consent'} onSubmit={onSubmit} saving={submit.pending}>
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <CodingSelect
            label="Category"
            vocabulary={CONSENT_CATEGORIES}
            value={field.value}
            onChange={field.onChange}
            error={errorAt(form, 'category')}
          />
        )}
      />
      <Group grow align="flex-start">
        <ChoiceField form={form} name="status" label="Status" options={CONSENT_STATUSES} />
        <DateField form={form} name="date" label="Date" />
      </Group>
      <PeriodFields form={form} name="period" startLabel="Valid from" endLabel="Valid until" />
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
