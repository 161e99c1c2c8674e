import { AdministrativeSexes, ETHNICITIES, GENDER_IDENTITIES, RACES, SEXUAL_ORIENTATIONS, type Patient } from '@caseload/core';
import { Fieldset, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { withNameSlots, withoutEmptyFields, withoutEmptyNames } from '../utils/patient-form-layout.ts';
import { CodingMultiSelect, CodingSelect } from './CodingSelect.tsx';
import { FormDialog } from './FormDialog.tsx';

export interface DemographicsFormProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

const clean = (p: Patient) => withoutEmptyFields(withoutEmptyNames(p));

/** Edits names (legal, Preferred, Nickname), birth date, administrative sex, gender identity, sexual orientation, race, ethnicity. */
export function DemographicsForm({ patient, opened, onClose }: DemographicsFormProps) {
  const { form, submit, onSubmit } = usePatientForm(patient, opened, withNameSlots, clean, onClose);
  const errors = form.formState.errors;
  return (
    <FormDialog opened={opened} onClose={onClose} title="Demographics" onSubmit={onSubmit} saving={submit.pending} size="xl">
      <Fieldset legend="Legal name">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="First name"
            autoComplete="off"
            error={errors.names?.[0]?.given?.[0]?.message ?? errors.names?.[0]?.given?.message}
            {...form.register('names.0.given.0')}
          />
          <TextInput label="Middle name" autoComplete="off" {...form.register('names.0.given.1')} />
          <TextInput
            label="Last name"
            autoComplete="off"
            error={errors.names?.[0]?.family?.message ?? errors.names?.[0]?.message}
            {...form.register('names.0.family')}
          />
        </SimpleGrid>
      </Fieldset>
      <Group grow align="flex-start">
        <TextInput
          label="Preferred name"
          description="What they ask to be called"
          error={errors.names?.[1]?.given?.[0]?.message}
          {...form.register('names.1.given.0')}
        />
        <TextInput label="Nickname" error={errors.names?.[2]?.given?.[0]?.message} {...form.register('names.2.given.0')} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="date" label="Birth date" error={errors.birthDate?.message} {...form.register('birthDate')} />
        <Controller
          control={form.control}
          name="administrativeSex"
          render={({ field }) => (
            <Select
              label="Administrative sex"
              data={[...AdministrativeSexes]}
              clearable
              value={field.value ?? null}
              onChange={(v) => field.onChange(v ?? undefined)}
              error={errors.administrativeSex?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="genderIdentity"
          render={({ field }) => (
            <CodingSelect
              label="Gender identity"
              vocabulary={GENDER_IDENTITIES}
              value={field.value}
              onChange={field.onChange}
              error={errors.genderIdentity?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="sexualOrientation"
          render={({ field }) => (
            <CodingSelect
              label="Sexual orientation"
              vocabulary={SEXUAL_ORIENTATIONS}
              value={field.value}
              onChange={field.onChange}
              error={errors.sexualOrientation?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="race"
          render={({ field }) => (
            <CodingMultiSelect label="Race" vocabulary={RACES} value={field.value} onChange={field.onChange} error={errors.race?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="ethnicity"
          render={({ field }) => (
            <CodingSelect
              label="Ethnicity"
              vocabulary={ETHNICITIES}
              value={field.value}
              onChange={field.onChange}
              error={errors.ethnicity?.message}
            />
          )}
        />
      </SimpleGrid>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
