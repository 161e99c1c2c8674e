import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { ContactUses } from '@caseload/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { IconButton } from '../../../../ui/IconButton.tsx';
import type { SectionProps } from './section-props.ts';

/** E-mails and phone numbers (Phone or Email with Home, Work, Mobile or Temp: SPEC.md section 3). */
export function ContactSection({ control, register, errors, readOnly }: SectionProps) {
  const telecom = useFieldArray({ control, name: 'telecom' });
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput label="Work e-mail" type="email" readOnly={readOnly} {...register('workEmail')} error={errors.workEmail?.message} />
        <TextInput label="Other e-mail" type="email" readOnly={readOnly} {...register('email')} error={errors.email?.message} />
      </Group>
      {telecom.fields.map((f, i) => (
        <Group key={f.id} align="flex-end" wrap="nowrap">
          <Controller
            control={control}
            name={`telecom.${i}.system`}
            render={({ field }) => (
              <Select
                label={`Contact ${i + 1} kind`}
                data={['Phone', 'Email']}
                allowDeselect={false}
                readOnly={readOnly}
                w={120}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'Phone')}
              />
            )}
          />
          <Controller
            control={control}
            name={`telecom.${i}.use`}
            render={({ field }) => (
              <Select
                label={`Contact ${i + 1} use`}
                data={[...ContactUses]}
                clearable
                readOnly={readOnly}
                w={130}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
              />
            )}
          />
          <TextInput
            label={`Contact ${i + 1}`}
            style={{ flex: 1 }}
            readOnly={readOnly}
            {...register(`telecom.${i}.value`)}
            error={errors.telecom?.[i]?.value?.message}
          />
          {!readOnly && <IconButton label={`Remove contact ${i + 1}`} icon={IconTrash} onClick={() => telecom.remove(i)} />}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={16} />}
            onClick={() => telecom.append({ system: 'Phone', use: 'Work', value: '' })}
          >
            Add phone or e-mail
          </Button>
        </Group>
      )}
    </Stack>
  );
}
