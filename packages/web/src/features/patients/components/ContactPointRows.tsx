import { ContactUses, type ContactPoint } from '@caseload/core';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconPhone, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control, type UseFormReturn } from 'react-hook-form';
import { IconButton } from '../../../ui/IconButton.tsx';
import { contactLabel } from '../utils/patient-form-layout.ts';
import { errorAt } from './RecordFields.tsx';

const USES = ContactUses.map((u) => ({ value: u, label: u }));

export interface ContactPointRowsProps {
  /** A form whose values have `telecom` (the patient's, a related person's). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by forms of several record types
  form: UseFormReturn<any>;
  /** Whose phones these are, for the empty line ("No phone or e-mail yet."). */
  empty?: string;
}

/** Phone and e-mail rows with their use (Home, Work, Mobile, Temp), each with its errors, and buttons to add one. */
export function ContactPointRows({ form, empty = 'No phone or e-mail yet.' }: ContactPointRowsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control as Control<{ telecom: ContactPoint[] }>, name: 'telecom' });
  const telecom: ContactPoint[] = form.watch('telecom') ?? [];
  const add = (system: ContactPoint['system']) => append({ system, use: system === 'Phone' ? 'Mobile' : 'Home', value: '' });
  return (
    <Stack gap="xs">
      {fields.length === 0 && <Text c="dimmed">{empty}</Text>}
      {fields.map((field, index) => {
        const label = contactLabel(telecom, index);
        return (
          <Group key={field.id} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={label}
              type={telecom[index]?.system === 'Email' ? 'email' : 'tel'}
              autoComplete="off"
              style={{ flex: 1 }}
              error={errorAt(form, `telecom.${index}.value`)}
              {...form.register(`telecom.${index}.value`)}
            />
            <Controller
              control={form.control}
              name={`telecom.${index}.use`}
              render={({ field: use }) => (
                <Select
                  label={`${label} use`}
                  data={USES}
                  w={130}
                  value={use.value ?? null}
                  onChange={(v) => use.onChange(v ?? undefined)}
                  error={errorAt(form, `telecom.${index}.use`)}
                />
              )}
            />
            <IconButton icon={IconTrash} label={`Remove ${label.toLowerCase()}`} mt={25} onClick={() => remove(index)} />
          </Group>
        );
      })}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPhone size={16} />} onClick={() => add('Phone')}>
          Add phone
        </Button>
        <Button variant="light" size="xs" leftSection={<IconMail size={16} />} onClick={() => add('Email')}>
          Add e-mail
        </Button>
      </Group>
    </Stack>
  );
}
