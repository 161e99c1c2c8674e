import { yupResolver } from '@hookform/resolvers/yup';
import { patientSchema, type Patient } from '@caseload/core';
import { useEffect } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useUpsert } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { FORM_VALIDATION } from '../../../ui/form-validation.ts';

export interface PatientForm {
  form: UseFormReturn<Patient>;
  submit: Submit<[Patient]>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
}

/**
 * A chart edit form over the whole patient: react-hook-form checked by core's `patientSchema`
 * (SPEC.md section 5's messages, errors by path such as `telecom.0.value`). `prepare` lays the
 * patient out for the form (empty rows to type into); `clean` drops what was left empty before
 * checking and saving. Saving stores the patient on the device at once and queues it, so `onSaved`
 * runs without waiting for the server; a refusal comes back as the failed-upsert record.
 */
export function usePatientForm(
  values: Patient,
  opened: boolean,
  prepare: (patient: Patient) => Patient,
  clean: (patient: Patient) => Patient,
  onSaved: (saved: Patient) => void,
): PatientForm {
  const upsert = useUpsert<Patient>('Patients');
  const schemaResolver = yupResolver(patientSchema as never) as unknown as Resolver<Patient>;
  const resolver: Resolver<Patient> = (v, context, options) => schemaResolver(clean(v), context, options);
  const form = useForm<Patient>({ resolver, defaultValues: prepare(values), ...FORM_VALIDATION });
  // Each opening starts from the values given (the current patient, or a refused edit's).
  useEffect(() => {
    if (opened) form.reset(prepare(values));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const submit = useSubmit(async (patient: Patient) => {
    // The record's identity is the one the form was opened on, whatever the form held.
    const saved = await upsert(values.id ? { ...values, ...patient, id: values.id, meta: values.meta } : { ...values, ...patient });
    onSaved(saved);
  });
  return { form, submit, onSubmit: form.handleSubmit((v) => submit.run(v)) };
}
