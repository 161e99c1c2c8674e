import { ContactUses, US_STATES, type Address } from '@caseload/core';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control, type UseFormReturn } from 'react-hook-form';
import { IconButton } from '../../../ui/IconButton.tsx';
import { errorAt } from './RecordFields.tsx';

const USES = ContactUses.map((u) => ({ value: u, label: u }));
const STATES = US_STATES.concepts.map((s) => ({ value: s.code, label: `${s.display} (${s.code})` }));

export interface AddressRowsProps {
  /** A form whose values have `addresses`, each laid out with two lines (`withAddressLines`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by forms of several record types
  form: UseFormReturn<any>;
}

/**
 * Address rows (two lines, city, US state or territory, ZIP code, use), each with its errors, and
 * a button to add one. City, state and ZIP share a row where there is room and stack on a phone.
 */
export function AddressRows({ form }: AddressRowsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control as Control<{ addresses: Address[] }>, name: 'addresses' });
  return (
    <Stack gap="sm">
      {fields.length === 0 && <Text c="dimmed">No address yet.</Text>}
      {fields.map((field, index) => (
        <Fieldset key={field.id} legend={`Address ${index + 1}`}>
          <Stack gap="xs">
            <TextInput
              label="Street"
              autoComplete="address-line1"
              error={errorAt(form, `addresses.${index}.line.0`)}
              {...form.register(`addresses.${index}.line.0`)}
            />
            <TextInput label="Apartment, suite (optional)" autoComplete="address-line2" {...form.register(`addresses.${index}.line.1`)} />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <TextInput
                label="City"
                autoComplete="address-level2"
                error={errorAt(form, `addresses.${index}.city`)}
                {...form.register(`addresses.${index}.city`)}
              />
              <Controller
                control={form.control}
                name={`addresses.${index}.state`}
                render={({ field: state }) => (
                  <Select
                    label="State"
                    data={STATES}
                    searchable
                    clearable
                    allowDeselect={false}
                    value={state.value ?? null}
                    onChange={(v) => state.onChange(v ?? undefined)}
                    error={errorAt(form, `addresses.${index}.state`)}
                  />
                )}
              />
              <TextInput
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                error={errorAt(form, `addresses.${index}.postalCode`)}
                {...form.register(`addresses.${index}.postalCode`)}
              />
            </SimpleGrid>
            <Group justify="space-between" align="flex-end">
              <Controller
                control={form.control}
                name={`addresses.${index}.use`}
                render={({ field: use }) => (
                  <Select label="Use" data={USES} w={140} value={use.value ?? null} onChange={(v) => use.onChange(v ?? undefined)} />
                )}
              />
              <IconButton icon={IconTrash} label={`Remove address ${index + 1}`} onClick={() => remove(index)} />
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMapPin size={16} />}
          onClick={() => append({ use: 'Home', line: ['', ''], city: '', state: undefined, postalCode: '' })}
        >
          Add address
        </Button>
      </Group>
    </Stack>
  );
}
