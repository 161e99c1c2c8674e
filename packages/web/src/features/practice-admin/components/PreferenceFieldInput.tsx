import { PatientPopulationLevels, ScribeNoteFormats } from '@caseload/core';
import { NumberInput, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { relabel, type PracticeLabels } from '../../practice/index.ts';
import type { PreferenceField } from '../utils/preference-fields.ts';
import type { PreferencesFormValues } from '../utils/preferences-form.ts';

const POPULATION_HELP: Record<(typeof PatientPopulationLevels)[number], string> = {
  All: 'All: every patient of the practice',
  CareTeam: "CareTeam: patients whose care team names them",
  Program: 'Program: patients enrolled in one of their programs',
};

const SCRIBE_FORMAT_NAMES: Record<(typeof ScribeNoteFormats)[number], string> = {
  BIRP: 'BIRP (behaviour, intervention, response, plan)',
  DAP: 'DAP (data, assessment, plan)',
  GIRPP: 'GIRPP (goal, intervention, response, progress, plan)',
  SIRP: 'SIRP (situation, intervention, response, plan)',
  BEHAVIORAL_SOAP: 'Behavioural SOAP',
  HP: 'H&P (history and physical)',
  PHYSICAL_SOAP: 'Physical SOAP',
};

/** The IANA zones the browser knows (US ones first: the product serves US practices), plus the stored one. */
function timeZoneChoices(current: string | undefined): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/New_York'];
  const us = all.filter((z) => z.startsWith('America/') || z.startsWith('Pacific/Honolulu'));
  const zones = [...new Set([...us, ...all, 'UTC'])];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

export interface PreferenceFieldInputProps {
  field: PreferenceField;
  control: Control<PreferencesFormValues>;
  labels: PracticeLabels;
  disabled: boolean;
}

/** One preference's input: a switch, a whole number with its unit, a choice, or a tag list. */
export function PreferenceFieldInput({ field, control, labels, disabled }: PreferenceFieldInputProps) {
  const label = relabel(field.label, labels);
  const help = relabel(field.help, labels);
  return (
    <Controller
      control={control}
      name={field.key as never}
      render={({ field: f, fieldState }) => {
        const error = fieldState.error?.message;
        switch (field.kind) {
          case 'flag':
            return (
              <Switch
                label={label}
                description={help}
                checked={Boolean(f.value)}
                onChange={(e) => f.onChange(e.currentTarget.checked)}
                onBlur={f.onBlur}
                disabled={disabled}
                error={error}
              />
            );
          case 'number':
            return (
              <NumberInput
                label={label}
                description={help}
                rightSection={<span style={{ fontSize: 12, paddingRight: 8 }}>{field.unit}</span>}
                rightSectionWidth={64}
                min={field.min}
                max={field.max}
                allowDecimal={false}
                value={f.value as number}
                onChange={(v) => f.onChange(v === '' ? undefined : v)}
                onBlur={f.onBlur}
                disabled={disabled}
                error={error}
                maw={320}
              />
            );
          case 'choice': {
            const population = field.key === 'patientPopulationLevel';
            const data = population
              ? PatientPopulationLevels.map((v) => ({ value: v, label: relabel(POPULATION_HELP[v], labels) }))
              : ScribeNoteFormats.map((v) => ({ value: v, label: SCRIBE_FORMAT_NAMES[v] ?? v }));
            return (
              <Select
                label={label}
                description={help}
                data={data}
                allowDeselect={false}
                value={f.value as string}
                onChange={(v) => f.onChange(v)}
                onBlur={f.onBlur}
                disabled={disabled}
                error={error}
                maw={480}
              />
            );
          }
          case 'text':
            return (
              <TextInput
                label={label}
                description={help}
                value={(f.value as string) ?? ''}
                onChange={(e) => f.onChange(e.currentTarget.value)}
                onBlur={f.onBlur}
                disabled={disabled}
                error={error}
                maw={480}
              />
            );
          case 'timeZone':
            return (
              <Select
                label={label}
                description={help}
                data={timeZoneChoices(f.value as string)}
                searchable
                allowDeselect={false}
                value={f.value as string}
                onChange={(v) => f.onChange(v)}
                onBlur={f.onBlur}
                disabled={disabled}
                error={error}
                nothingFoundMessage="No such time zone"
                maw={480}
              />
            );
          case 'list':
            return (
              <TagsInput
                label={label}
                description={`${help} Type one and press Enter.`}
                value={(f.value as string[]) ?? []}
                onChange={f.onChange}
                onBlur={f.onBlur}
                disabled={disabled}
                error={error}
                clearable
                placeholder="None yet"
              />
            );
        }
      }}
    />
  );
}
