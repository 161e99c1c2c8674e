import { Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { IconButton } from '../../../ui/IconButton.tsx';
import { ReferenceField, ReferencesField } from '../../../ui/admin/ReferenceFields.tsx';
import { relabel, usePracticeLabels } from '../../practice/index.ts';
import type { NoteRuleFormValues } from '../utils/rule-form.ts';
import type { ParameterField } from '../utils/rule-kinds.ts';

export interface RuleParameterFieldsProps {
  control: Control<NoteRuleFormValues>;
  fields: ParameterField[];
  readOnly?: boolean;
}

/** Rows of a ProgramLocation rule: a program and the locations it may be delivered at. */
function ProgramLocationRows({ control, readOnly }: { control: Control<NoteRuleFormValues>; readOnly?: boolean }) {
  const labels = usePracticeLabels();
  const rows = useFieldArray({ control, name: 'parameters.programLocations' });
  return (
    <Stack gap="xs">
      {rows.fields.length === 0 && (
        <Text fz="sm" c="dimmed">
          No programs yet: add one and the {labels.location.plural.toLowerCase()} it may be delivered at.
        </Text>
      )}
      {rows.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
          <ReferenceField
            control={control}
            name={`parameters.programLocations.${index}.program`}
            collection="Programs"
            label="Program"
            disabled={readOnly}
          />
          <div style={{ flex: 1 }}>
            <ReferencesField
              control={control}
              name={`parameters.programLocations.${index}.locations`}
              collection="Locations"
              label={labels.location.plural}
              disabled={readOnly}
            />
          </div>
          {!readOnly && <IconButton icon={IconTrash} label={`Remove program ${index + 1}`} onClick={() => rows.remove(index)} mt={24} />}
        </Group>
      ))}
      {!readOnly && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => rows.append({ program: '', locations: [] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a program
        </Button>
      )}
    </Stack>
  );
}

/** The parameters of the picked rule kind, each as its own kind of input (docs/notes.md's table). */
export function RuleParameterFields({ control, fields, readOnly }: RuleParameterFieldsProps) {
  const labels = usePracticeLabels();
  if (fields.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        This kind of rule has no settings.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {fields.map((p) => {
        const label = relabel(p.label, labels);
        const help = relabel(p.help, labels);
        const input = p.input;
        if (input.type === 'programLocations') {
          return (
            <Stack key={p.key} gap={4}>
              <Text fw={500} fz="sm">
                {label}
              </Text>
              <Text fz="xs" c="dimmed">
                {help}
              </Text>
              <Controller
                control={control}
                name="parameters.programLocations"
                render={({ fieldState }) => (
                  <Text fz="xs" c="red">
                    {fieldState.error?.message ?? fieldState.error?.root?.message}
                  </Text>
                )}
              />
              <ProgramLocationRows control={control} readOnly={readOnly} />
            </Stack>
          );
        }
        return (
          <Controller
            key={p.key}
            control={control}
            name={`parameters.${p.key}` as 'parameters.minMinutes'}
            render={({ field, fieldState }) => {
              const common = { label, description: help, disabled: readOnly, error: fieldState.error?.message, onBlur: field.onBlur };
              const value = field.value as unknown;
              switch (input.type) {
                case 'number':
                  return (
                    <NumberInput
                      {...common}
                      min={input.min}
                      allowDecimal={!input.integer}
                      rightSection={input.unit && <span style={{ fontSize: 12, paddingRight: 8 }}>{input.unit}</span>}
                      rightSectionWidth={input.unit ? 64 : undefined}
                      value={(value as number | undefined) ?? ''}
                      onChange={(v) => field.onChange(v === '' ? undefined : v)}
                      maw={320}
                    />
                  );
                case 'switch':
                  return <Switch {...common} checked={Boolean(value)} onChange={(e) => field.onChange(e.currentTarget.checked)} />;
                case 'select':
                  return (
                    <Select
                      {...common}
                      data={[...input.options]}
                      allowDeselect={false}
                      value={value as string}
                      onChange={(v) => field.onChange(v)}
                      maw={420}
                    />
                  );
                case 'multiselect':
                  return <MultiSelect {...common} data={[...input.options]} value={value as string[]} onChange={field.onChange} />;
                case 'tags':
                  return (
                    <TagsInput
                      {...common}
                      description={`${help} Type one and press Enter.`}
                      value={value as string[]}
                      onChange={field.onChange}
                      clearable
                    />
                  );
              }
            }}
          />
        );
      })}
    </Stack>
  );
}
