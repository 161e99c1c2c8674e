import { Group, Select, TextInput } from '@mantine/core';
import { Controller, get, type UseFormReturn } from 'react-hook-form';

/* eslint-disable @typescript-eslint/no-explicit-any -- these fields serve every chart record form; paths are checked by the schema. */
type AnyForm = UseFormReturn<any>;

/** The message of the field at `path` (`period.end`, `diagnoses.0.condition`), if it has one. */
export function errorAt(form: AnyForm, path: string): string | undefined {
  const error: { message?: unknown } | undefined = get(form.formState.errors, path);
  return typeof error?.message === 'string' ? error.message : undefined;
}

export interface DateFieldProps {
  form: AnyForm;
  name: string;
  label: string;
  /** Messages of a parent path shown here too (the period's "must be later than"). */
  extraError?: string;
}

/** A yyyy-MM-dd date typed or picked in the browser's own date input (keyboard and screen-reader friendly). */
export function DateField({ form, name, label, extraError }: DateFieldProps) {
  return <TextInput type="date" label={label} error={errorAt(form, name) ?? extraError} {...form.register(name)} />;
}

export interface PeriodFieldsProps {
  form: AnyForm;
  /** The period's path, e.g. `period`. */
  name: string;
  startLabel?: string;
  endLabel?: string;
}

/** A period's start and end dates side by side; the period's own errors show under the end. */
export function PeriodFields({ form, name, startLabel = 'Start date', endLabel = 'End date' }: PeriodFieldsProps) {
  return (
    <Group grow align="flex-start">
      <DateField form={form} name={`${name}.start`} label={startLabel} />
      <DateField form={form} name={`${name}.end`} label={endLabel} extraError={errorAt(form, name)} />
    </Group>
  );
}

export interface ChoiceFieldProps {
  form: AnyForm;
  name: string;
  label: string;
  /** Stored value to the words shown. */
  options: Record<string, string>;
  clearable?: boolean;
}

/** One of a few fixed values (status, severity), shown in words. */
export function ChoiceField({ form, name, label, options, clearable }: ChoiceFieldProps) {
  const data = Object.entries(options).map(([value, text]) => ({ value, label: text }));
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          allowDeselect={false}
          clearable={clearable}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v ?? undefined)}
          onBlur={field.onBlur}
          error={errorAt(form, name)}
        />
      )}
    />
  );
}
