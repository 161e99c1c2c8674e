import { offeredFormats, PatientPopulationLevels, SCRIBE_FORMAT_NAMES, ScribeNoteFormats } from '@caseload/core';
import { Anchor, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { relabel, type PracticeLabels } from '../../practice/index.ts';
import type { ChoiceField, PreferenceField } from '../utils/preference-fields.ts';
import type { PreferencesFormValues } from '../utils/preferences-form.ts';

const POPULATION_HELP: Record<(typeof PatientPopulationLevels)[number], string> = {
  All: 'All: every patient of the practice',
  CareTeam: 'CareTeam: patients whose care team names them',
  Program: 'Program: patients enrolled in one of their programs',
};

/** The IANA zones the browser knows (US ones first: the product serves US practices), plus the stored one. */
function timeZoneChoices(current: string | undefined): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/New_York'];
  const us = all.filter((z) => z.startsWith('America/') || z.startsWith('Pacific/Honolulu'));
  const zones = [...new Set([...us, ...all, 'UTC'])];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The options of a choice: the patient population levels (in the practice's words) or the scribe formats. */
function choicesOf(key: ChoiceField['key'], labels: PracticeLabels, formatConfigurations: unknown) {
  // A format the practice switched off (on the scribe settings screen) cannot be the default: the server refuses it.
  const offered = offeredFormats(formatConfigurations);
  return key === 'patientPopulationLevel'
    ? PatientPopulationLevels.map((v) => ({ value: v, label: relabel(POPULATION_HELP[v], labels) }))
    : ScribeNoteFormats.map((v) => ({ value: v, label: SCRIBE_FORMAT_NAMES[v], disabled: !offered.includes(v) }));
}

export interface PreferenceFieldInputProps {
  field: PreferenceField;
  control: Control<PreferencesFormValues>;
  labels: PracticeLabels;
  disabled: boolean;
}

/** One preference's input: a switch, a whole number with its unit, a choice, a time zone, a text or a tag list. */
export function PreferenceFieldInput({ field, control, labels, disabled }: PreferenceFieldInputProps) {
  const formatConfigurations = useWatch({ control, name: 'scribeFormatConfigurations' });
  const label = relabel(field.label, labels);
  const help = relabel(field.help, labels);
  return (
    <Controller
      control={control}
      name={field.key as never}
      render={({ field: f, fieldState }) => {
        // What every kind of input shows and reports the same way.
        const common = { label, description: help, onBlur: f.onBlur, disabled, error: fieldState.error?.message };
        switch (field.kind) {
          case 'flag':
            return <Switch {...common} checked={Boolean(f.value)} onChange={(e) => f.onChange(e.currentTarget.checked)} />;
          case 'number':
            return (
              <NumberInput
                {...common}
                rightSection={<span style={{ fontSize: 12, paddingRight: 8 }}>{field.unit}</span>}
                rightSectionWidth={64}
                min={field.min}
                max={field.max}
                allowDecimal={false}
                value={f.value as number}
                onChange={(v) => f.onChange(v === '' ? undefined : v)}
                maw={320}
              />
            );
          case 'choice':
          case 'timeZone': {
            const zones = field.kind === 'timeZone';
            return (
              <Select
                {...common}
                data={zones ? timeZoneChoices(f.value as string) : choicesOf(field.key, labels, formatConfigurations)}
                searchable={zones}
                nothingFoundMessage={zones ? 'No such time zone' : undefined}
                allowDeselect={false}
                value={f.value as string}
                onChange={(v) => f.onChange(v)}
                maw={480}
              />
            );
          }
          case 'text':
            return (
              <TextInput {...common} value={(f.value as string) ?? ''} onChange={(e) => f.onChange(e.currentTarget.value)} maw={480} />
            );
          case 'elsewhere':
            return (
              <Stack gap={2}>
                <Text fz="sm" fw={500}>
                  {label}
                </Text>
                <Text fz="xs" c="dimmed">
                  {help}
                </Text>
                <Anchor component={Link} to={field.to} fz="sm">
                  {field.linkText}
                </Anchor>
              </Stack>
            );
          case 'list':
            return (
              <TagsInput
                {...common}
                description={`${help} Type one and press Enter.`}
                value={(f.value as string[]) ?? []}
                onChange={f.onChange}
                clearable
                placeholder="None yet"
              />
            );
        }
      }}
    />
  );
}
