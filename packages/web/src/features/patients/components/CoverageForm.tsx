import { RELATIONSHIPS, coverageSchema, type Coverage, type Organization } from '@caseload/core';
import { Autocomplete, Group, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useCollection } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import { coverageOrderLabel, payerName, payers, payorOf } from '../utils/coverage-payor.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { CodingSelect } from './CodingSelect.tsx';
import { FormDialog } from './FormDialog.tsx';
import { PeriodFields, errorAt } from './RecordFields.tsx';

const ORDERS = [1, 2, 3].map((n) => ({ value: String(n), label: coverageOrderLabel(n) }));

/** Records or edits an insurance coverage: the payer (the practice's, or a name), member id, group number, order, relationship, period. */
export function CoverageForm({ record, opened, onClose }: RecordFormProps<Coverage>) {
  const { form, submit, onSubmit } = useChartRecordForm<Coverage>({
    collection: 'Coverages',
    schema: coverageSchema,
    values: record,
    opened,
    onSaved: onClose,
  });
  const organizations = useCollection<Organization>('Organizations');
  const known = useMemo(() => payers(organizations.items), [organizations.items]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={record.id ? 'Coverage' : 'New coverage'}
      onSubmit={onSubmit}
      saving={submit.pending}
    >
      <Controller
        control={form.control}
        name="payor"
        render={({ field }) => (
          <Autocomplete
            label="Payer"
            description="The practice's insurers, or type a name"
            data={known.map(payerName)}
            value={field.value?.name ?? ''}
            onChange={(text) => field.onChange(payorOf(text, known))}
            onBlur={field.onBlur}
            required
            error={errorAt(form, 'payor.name') ?? errorAt(form, 'payor')}
          />
        )}
      />
      <Group grow align="flex-start">
        <TextInput label="Member ID" required error={errorAt(form, 'memberId')} {...form.register('memberId')} />
        <TextInput label="Group number" error={errorAt(form, 'groupNumber')} {...form.register('groupNumber')} />
      </Group>
      <Group grow align="flex-start">
        <Controller
          control={form.control}
          name="order"
          render={({ field }) => (
            <Select
              label="Order"
              data={
                field.value && field.value > 3
                  ? [...ORDERS, { value: String(field.value), label: coverageOrderLabel(field.value) }]
                  : ORDERS
              }
              allowDeselect={false}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : undefined)}
              error={errorAt(form, 'order')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="relationship"
          render={({ field }) => (
            <CodingSelect
              label="Subscriber's relationship"
              vocabulary={RELATIONSHIPS}
              value={field.value}
              onChange={field.onChange}
              error={errorAt(form, 'relationship')}
            />
          )}
        />
      </Group>
      <PeriodFields form={form} name="period" startLabel="Effective from" endLabel="Ends" />
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
