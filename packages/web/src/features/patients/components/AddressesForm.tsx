import { ContactUses, US_STATES, type Patient, type Address } from '@caseload/core';
import { Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { withoutEmptyContacts } from '../utils/patient-form-layout.ts';
import { FormDialog } from './FormDialog.tsx';

export interface AddressesFormProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

const USES = ContactUses.map((u) => ({ value: u, label: u }));
const STATES = US_STATES.concepts.map((s) => ({ value: s.code, label: `${s.display} (${s.code})` }));
const laidOut = (p: Patient) => ({ ...p, addresses: (p.addresses ?? []).map((a) => ({ ...a, line: [a.line?.[0] ?? '', a.line?.[1] ?? ''] })) });

/** Edits the patient's addresses: two lines, city, US state or territory, ZIP code, use. */
export function AddressesForm({ patient, opened, onClose }: AddressesFormProps) {
  const { form, submit, onSubmit } = usePatientForm(patient, opened, laidOut, withoutEmptyContacts, onClose);
  const { fields, append, remove } = useFieldArray({ control: form.control as unknown as Control<{ addresses: Address[] }>, name: 'addresses' });
  const errors = form.formState.errors.addresses;

  return (
    <FormDialog opened={opened} onClose={onClose} title="Addresses" onSubmit={onSubmit} saving={submit.pending}>
      {fields.length === 0 && <Text c="dimmed">No address yet.</Text>}
      {fields.map((field, index) => (
        <Fieldset key={field.id} legend={`Address ${index + 1}`}>
          <Stack gap="xs">
            <TextInput label="Street" error={errors?.[index]?.line?.[0]?.message} {...form.register(`addresses.${index}.line.0`)} />
            <TextInput label="Apartment, suite (optional)" {...form.register(`addresses.${index}.line.1`)} />
            <Group grow align="flex-start">
              <TextInput label="City" error={errors?.[index]?.city?.message} {...form.register(`addresses.${index}.city`)} />
              <Controller
                control={form.control}
                name={`addresses.${index}.state`}
                render={({ field: state }) => (
                  <Select label="State" data={STATES} searchable clearable value={state.value ?? null} onChange={(v) => state.onChange(v ?? undefined)} error={errors?.[index]?.state?.message} />
                )}
              />
              <TextInput label="ZIP code" error={errors?.[index]?.postalCode?.message} {...form.register(`addresses.${index}.postalCode`)} />
            </Group>
            <Group justify="space-between" align="flex-end">
              <Controller
                control={form.control}
                name={`addresses.${index}.use`}
                render={({ field: use }) => <Select label="Use" data={USES} w={140} value={use.value ?? null} onChange={(v) => use.onChange(v ?? undefined)} />}
              />
              <IconButton icon={IconTrash} label={`Remove address ${index + 1}`} onClick={() => remove(index)} />
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconMapPin size={16} />} onClick={() => append({ use: 'Home', line: ['', ''], city: '', state: undefined, postalCode: '' })}>
          Add address
        </Button>
      </Group>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
