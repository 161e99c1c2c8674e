import { AdministrativeSexes, patientDisplay, type Patient } from '@caseload/core';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useLabel } from '../../practice/index.ts';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { withoutEmptyFields, withoutEmptyNames } from '../utils/patient-form-layout.ts';
import { FormDialog } from './FormDialog.tsx';

export interface NewPatientDialogProps {
  opened: boolean;
  onClose: () => void;
}

const BLANK = { resourceType: 'Patient', names: [{ given: [''], family: '' }], active: true } as unknown as Patient;
const same = (p: Patient) => p;
/** The display lists show and the Name sort orders by, from the legal name. */
const clean = (p: Patient) => {
  const patient = withoutEmptyFields(withoutEmptyNames(p));
  return { ...patient, display: patientDisplay(patient) };
};

/** Registers a patient (name, birth date, administrative sex, MRN) and opens the new chart. */
export function NewPatientDialog({ opened, onClose }: NewPatientDialogProps) {
  const navigate = useNavigate();
  const singular = useLabel('patient', 'singular');
  const { form, submit, onSubmit } = usePatientForm(BLANK, opened, same, clean, (saved) => {
    onClose();
    void navigate(`/patients/${encodeURIComponent(saved.id)}`);
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`New ${singular.toLowerCase()}`}
      onSubmit={onSubmit}
      saving={submit.pending}
      submitLabel={`Create ${singular.toLowerCase()}`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          data-autofocus
          autoComplete="off"
          error={errors.names?.[0]?.given?.[0]?.message ?? errors.names?.[0]?.given?.message}
          {...form.register('names.0.given.0')}
        />
        <TextInput
          label="Last name"
          autoComplete="off"
          error={errors.names?.[0]?.family?.message ?? errors.names?.[0]?.message ?? errors.names?.message}
          {...form.register('names.0.family')}
        />
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
        <TextInput
          label="MRN"
          description="Medical record number"
          autoComplete="off"
          error={errors.mrn?.message}
          {...form.register('mrn')}
        />
      </SimpleGrid>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
