import type { Patient } from '@caseload/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { withAddressLines, withoutEmptyContacts } from '../utils/patient-form-layout.ts';
import { AddressRows } from './AddressRows.tsx';
import { FormDialog } from './FormDialog.tsx';

export interface AddressesFormProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

/** Edits the patient's addresses: two lines, city, US state or territory, ZIP code, use. */
export function AddressesForm({ patient, opened, onClose }: AddressesFormProps) {
  const { form, submit, onSubmit } = usePatientForm(patient, opened, withAddressLines, withoutEmptyContacts, onClose);
  return (
    <FormDialog opened={opened} onClose={onClose} title="Addresses" onSubmit={onSubmit} saving={submit.pending}>
      <AddressRows form={form} />
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
