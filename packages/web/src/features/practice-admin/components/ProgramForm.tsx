import type { Program } from '@caseload/core';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useAdminForm } from '../hooks/useAdminForm.ts';
import { programSchema } from '../utils/admin-schemas.ts';
import { referenceTo } from '../utils/references.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { FormActions } from './FormActions.tsx';
import { ReferenceSelect } from './ReferenceSelect.tsx';

type Values = InferType<typeof programSchema>;

/** A program (a service line patients enrol in): name, code, description, organization, district. */
export function ProgramForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Program>) {
  const organizations = useCollection('Organizations').items;
  const districts = useCollection('Districts').items;
  const { form, submit, onSubmit } = useAdminForm<Values>(
    programSchema,
    {
      name: item?.name ?? '',
      code: item?.code ?? '',
      description: item?.description ?? '',
      organization: item?.organization?.id ?? '',
      district: item?.district?.id ?? '',
    },
    (v) =>
      onSave({
        name: v.name,
        code: v.code || undefined,
        description: v.description || undefined,
        organization: referenceTo('Organization', v.organization, organizations, item?.organization),
        district: referenceTo('District', v.district, districts, item?.district),
      }),
  );
  const { register, control, formState } = form;
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={e.name?.message} {...register('name')} />
        <TextInput label="Code" description="A short code reports and claims use." disabled={readOnly} error={e.code?.message} {...register('code')} />
        <Textarea label="Description" autosize minRows={2} disabled={readOnly} error={e.description?.message} {...register('description')} />
        <Controller
          control={control}
          name="organization"
          render={({ field, fieldState }) => (
            <ReferenceSelect collection="Organizations" label="Organization" disabled={readOnly} error={fieldState.error?.message} {...field} />
          )}
        />
        <Controller
          control={control}
          name="district"
          render={({ field, fieldState }) => (
            <ReferenceSelect collection="Districts" label="District" disabled={readOnly} error={fieldState.error?.message} {...field} />
          )}
        />
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
