import { DIAGNOSES, ConditionStatuses, conditionSchema, findConcept, toCoding, type Condition } from '@caseload/core';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import { diagnosisLabel } from '../utils/diagnosis-search.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { DiagnosisSelect } from './DiagnosisSelect.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ChoiceField, DateField, errorAt } from './RecordFields.tsx';

export const VERIFICATION_STATUSES = Object.fromEntries(ConditionStatuses.map((s) => [s, s])) as Record<string, string>;
export const CLINICAL_STATUSES = { active: 'Active', remission: 'In remission', resolved: 'Resolved' };
const LIST = DIAGNOSES.concepts.map((c) => ({ value: c.code, label: diagnosisLabel(c) }));

/** Records or edits a diagnosis: the ICD-10-CM code (type-ahead), Confirmed or Refuted, clinical status, onset. */
export function ConditionForm({ record, opened, onClose }: RecordFormProps<Condition>) {
  const { form, submit, onSubmit } = useChartRecordForm<Condition>({
    collection: 'Conditions',
    schema: conditionSchema,
    values: record,
    opened,
    onSaved: onClose,
  });
  const stored = record.code;
  // A code recorded elsewhere (an import, another chapter) stays pickable while editing it.
  const groups = useMemo(() => {
    const extra = stored?.code && !findConcept(DIAGNOSES, stored.code) ? [{ value: stored.code, label: diagnosisLabel(stored) }] : [];
    return [{ group: 'ICD-10-CM', items: [...extra, ...LIST] }];
  }, [stored]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={record.id ? 'Diagnosis' : 'New diagnosis'}
      onSubmit={onSubmit}
      saving={submit.pending}
    >
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <DiagnosisSelect
            label="Diagnosis"
            required
            groups={groups}
            value={field.value?.code ?? null}
            onChange={(code) => field.onChange(code ? (findConcept(DIAGNOSES, code) ? toCoding(DIAGNOSES, code) : stored) : undefined)}
            onBlur={field.onBlur}
            error={errorAt(form, 'code') ?? errorAt(form, 'code.code')}
          />
        )}
      />
      <Group grow align="flex-start">
        <ChoiceField form={form} name="verificationStatus" label="Verification" options={VERIFICATION_STATUSES} />
        <ChoiceField form={form} name="clinicalStatus" label="Clinical status" options={CLINICAL_STATUSES} clearable />
      </Group>
      <Group grow align="flex-start">
        <DateField form={form} name="onsetDate" label="Onset" />
        <DateField form={form} name="recordedDate" label="Recorded on" />
      </Group>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
