import type { District } from '@caseload/core';
import { Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useAdminForm } from '../hooks/useAdminForm.ts';
import { districtSchema } from '../utils/admin-schemas.ts';
import { referenceTo } from '../utils/references.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { FormActions } from './FormActions.tsx';
import { ReferenceSelect } from './ReferenceSelect.tsx';

type Values = InferType<typeof districtSchema>;

/** A district (a region of an organization that programs belong to). */
export function DistrictForm({ item, onSave, onCancel, readOnly }: AdminFormProps<District>) {
  const organizations = useCollection('Organizations').items;
  const { form, submit, onSubmit } = useAdminForm<Values>(
    districtSchema,
    { name: item?.name ?? '', organization: item?.organization?.id ?? '' },
    (v) => onSave({ name: v.name, organization: referenceTo('Organization', v.organization, organizations, item?.organization) }),
  );
  const { register, control, formState } = form;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={formState.errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="organization"
          render={({ field, fieldState }) => (
            <ReferenceSelect collection="Organizations" label="Organization" disabled={readOnly} error={fieldState.error?.message} {...field} />
          )}
        />
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
