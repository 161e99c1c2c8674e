import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { LICENCE_TYPES, toCoding, US_STATES } from '@caseload/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { IconButton } from '../../../../ui/IconButton.tsx';
import type { SectionProps } from './section-props.ts';

const TYPES = LICENCE_TYPES.concepts.map((c) => ({ value: c.code, label: `${c.code} — ${c.display}` }));
const STATES = US_STATES.concepts.map((s) => ({ value: s.code, label: `${s.code} — ${s.display}` }));

/** Licences: type (LICENCE_TYPES), number, issuing state (US_STATES) and expiry date. */
export function LicencesSection({ control, register, errors, readOnly }: SectionProps) {
  const licences = useFieldArray({ control, name: 'licences' });
  return (
    <Stack gap="sm">
      {licences.fields.length === 0 && (
        <Text c="dimmed" fz="sm">
          No licences recorded.
        </Text>
      )}
      {licences.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" wrap="wrap" gap="sm">
          <Controller
            control={control}
            name={`licences.${i}.type`}
            render={({ field }) => (
              <Select
                label={`Licence ${i + 1} type`}
                required
                searchable
                data={TYPES}
                readOnly={readOnly}
                w={300}
                value={field.value?.code ?? null}
                onChange={(code) => field.onChange(code ? toCoding(LICENCE_TYPES, code) : undefined)}
                error={errors.licences?.[i]?.type?.code?.message ?? errors.licences?.[i]?.type?.message}
              />
            )}
          />
          <TextInput
            label={`Licence ${i + 1} number`}
            required
            readOnly={readOnly}
            w={160}
            {...register(`licences.${i}.number`)}
            error={errors.licences?.[i]?.number?.message}
          />
          <Controller
            control={control}
            name={`licences.${i}.state`}
            render={({ field }) => (
              <Select
                label={`Licence ${i + 1} state`}
                searchable
                clearable
                data={STATES}
                readOnly={readOnly}
                w={220}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                error={errors.licences?.[i]?.state?.message}
              />
            )}
          />
          <TextInput
            label={`Licence ${i + 1} expires`}
            type="date"
            readOnly={readOnly}
            w={170}
            {...register(`licences.${i}.period.end`)}
            error={errors.licences?.[i]?.period?.end?.message}
          />
          {!readOnly && <IconButton label={`Remove licence ${i + 1}`} icon={IconTrash} onClick={() => licences.remove(i)} mt={24} />}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={16} />}
            onClick={() => licences.append({ type: undefined as never, number: '' })}
          >
            Add licence
          </Button>
        </Group>
      )}
    </Stack>
  );
}
