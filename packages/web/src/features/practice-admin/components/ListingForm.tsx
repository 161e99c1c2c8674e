import type { Listing } from '@caseload/core';
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useAdminForm } from '../hooks/useAdminForm.ts';
import { listingSchema } from '../utils/admin-schemas.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { FormActions } from './FormActions.tsx';

type Values = InferType<typeof listingSchema>;

/** A listing: a department or team staff are employed in or belong to. */
export function ListingForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Listing>) {
  const { form, submit, onSubmit } = useAdminForm<Values>(
    listingSchema,
    { name: item?.name ?? '', kind: item?.kind ?? 'Department' },
    (v) => onSave({ name: v.name, kind: v.kind }),
  );
  const { register, control, formState } = form;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={formState.errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <div role="group" aria-labelledby="listing-kind-label">
              <Text id="listing-kind-label" fz="sm" fw={500} mb={4}>
                Kind
              </Text>
              <SegmentedControl
                data={['Department', 'Team', 'Other']}
                value={field.value}
                onChange={field.onChange}
                disabled={readOnly}
              />
            </div>
          )}
        />
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
