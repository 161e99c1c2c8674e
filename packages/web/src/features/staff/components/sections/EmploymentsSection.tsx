import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { IconButton } from '../../../../ui/IconButton.tsx';
import { referenceValue, type ReferenceOption } from '../../hooks/useReferenceOptions.ts';
import type { SectionProps } from './section-props.ts';

export interface EmploymentsSectionProps extends SectionProps {
  /** The practice's Listings: departments are Listings. */
  departments: ReferenceOption[];
}

/** Employments: the department (a Listing), the job title and the start date. */
export function EmploymentsSection({ control, register, errors, readOnly, departments }: EmploymentsSectionProps) {
  const employments = useFieldArray({ control, name: 'employments' });
  return (
    <Stack gap="sm">
      {employments.fields.length === 0 && (
        <Text c="dimmed" fz="sm">
          No employments recorded.
        </Text>
      )}
      {employments.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" gap="sm">
          <Controller
            control={control}
            name={`employments.${i}.department`}
            render={({ field }) => (
              <Select
                label={`Employment ${i + 1} department`}
                required
                searchable
                readOnly={readOnly}
                w={260}
                data={departments.map((d) => ({ value: d.value, label: d.label }))}
                value={field.value ? referenceValue(field.value) : null}
                onChange={(v) => field.onChange(departments.find((d) => d.value === v)?.reference)}
                error={errors.employments?.[i]?.department?.id?.message ?? errors.employments?.[i]?.department?.message}
                nothingFoundMessage="No departments: an administrator adds them under Administration."
              />
            )}
          />
          <TextInput label={`Employment ${i + 1} title`} readOnly={readOnly} w={220} {...register(`employments.${i}.title`)} />
          <TextInput
            label={`Employment ${i + 1} start`}
            type="date"
            readOnly={readOnly}
            w={170}
            {...register(`employments.${i}.period.start`)}
          />
          {!readOnly && <IconButton label={`Remove employment ${i + 1}`} icon={IconTrash} onClick={() => employments.remove(i)} mt={24} />}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={16} />}
            onClick={() => employments.append({ department: undefined as never })}
          >
            Add employment
          </Button>
        </Group>
      )}
    </Stack>
  );
}
