import { ContactUses, type ContactPoint, type Patient } from '@caseload/core';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconPhone, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { contactLabel, withoutEmptyContacts } from '../utils/patient-form-layout.ts';
import { FormDialog } from './FormDialog.tsx';

export interface ContactPointsFormProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

const USES = ContactUses.map((u) => ({ value: u, label: u }));
const same = (p: Patient) => ({ ...p, telecom: p.telecom ?? [] });

/** Edits the patient's phones and e-mails, each with its use (Home, Work, Mobile, Temp). */
export function ContactPointsForm({ patient, opened, onClose }: ContactPointsFormProps) {
  const { form, submit, onSubmit } = usePatientForm(patient, opened, same, withoutEmptyContacts, onClose);
  const { fields, append, remove } = useFieldArray({ control: form.control as unknown as Control<{ telecom: ContactPoint[] }>, name: 'telecom' });
  const telecom = form.watch('telecom') ?? [];
  const add = (system: ContactPoint['system']) => append({ system, use: system === 'Phone' ? 'Mobile' : 'Home', value: '' });

  return (
    <FormDialog opened={opened} onClose={onClose} title="Phones and e-mails" onSubmit={onSubmit} saving={submit.pending}>
      <Stack gap="sm">
        {fields.length === 0 && <Text c="dimmed">No phone or e-mail yet.</Text>}
        {fields.map((field, index) => {
          const label = contactLabel(telecom, index);
          const error = form.formState.errors.telecom?.[index];
          return (
            <Group key={field.id} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={label}
                type={field.system === 'Email' ? 'email' : 'tel'}
                autoComplete="off"
                style={{ flex: 1 }}
                error={error?.value?.message}
                {...form.register(`telecom.${index}.value`)}
              />
              <Controller
                control={form.control}
                name={`telecom.${index}.use`}
                render={({ field: use }) => (
                  <Select label={`${label} use`} data={USES} w={130} value={use.value ?? null} onChange={(v) => use.onChange(v ?? undefined)} error={error?.use?.message} />
                )}
              />
              <IconButton icon={IconTrash} label={`Remove ${label.toLowerCase()}`} mt={25} onClick={() => remove(index)} />
            </Group>
          );
        })}
      </Stack>
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPhone size={16} />} onClick={() => add('Phone')}>
          Add phone
        </Button>
        <Button variant="light" size="xs" leftSection={<IconMail size={16} />} onClick={() => add('Email')}>
          Add e-mail
        </Button>
      </Group>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
