import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ObjectSchema } from '../yup.ts';
import { useSubmit, type Submit } from '../useSubmit.ts';
import { FORM_VALIDATION } from '../form-validation.ts';

export interface AdminForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  submit: Submit<[V]>;
  /** The form's onSubmit: validates with the schema, then saves. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
}

/**
 * A react-hook-form form checked by a yup schema (the messages of SPEC.md section 5), saving
 * through `save`; the save's refusal lands in `submit.error` for FormActions to show.
 */
export function useAdminForm<V extends FieldValues>(
  schema: ObjectSchema<V>,
  defaultValues: DefaultValues<V>,
  save: (values: V) => Promise<void>,
): AdminForm<V> {
  const form = useForm<V>({ resolver: yupResolver(schema) as never, defaultValues, ...FORM_VALIDATION });
  const submit = useSubmit(save);
  return { form, submit, onSubmit: form.handleSubmit((values) => submit.run(values)) };
}
