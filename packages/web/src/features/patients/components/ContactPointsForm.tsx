import type { Patient } from '@caseload/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { withoutEmptyContacts } from '../utils/patient-form-layout.ts';
import { ContactPointRows } from './ContactPointRows.tsx';
import { FormDialog } from './FormDialog.tsx';

export interface ContactPointsFormProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

const same = (p: Patient) => ({ ...p, telecom: p.telecom ?? [] });

/** Edits the patient's phones and e-mails, each with its use (Home, Work, Mobile, Temp). */
export function ContactPointsForm({ patient, opened, onClose }: ContactPointsFormProps) {
  const { form, submit, onSubmit } = usePatientForm(patient, opened, same, withoutEmptyContacts, onClose);
  return (
    <FormDialog opened={opened} onClose={onClose} title="Phones and e-mails" onSubmit={onSubmit} saving={submit.pending}>
      <ContactPointRows form={form} />
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
