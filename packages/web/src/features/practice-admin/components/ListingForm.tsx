import type { Listing } from '@caseload/core';
import { SegmentedControl, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { listingSchema } from '../utils/admin-schemas.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';

type Values = InferType<typeof listingSchema>;

/** A listing: a department or team staff are employed in or belong to. */
export function ListingForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Listing>) {
  const admin = useAdminForm<Values>(listingSchema, { name: item?.name ?? '', kind: item?.kind ?? 'Department' }, (v) =>
    onSave({ name: v.name, kind: v.kind }),
  );
  const { control } = admin.form;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <div role="group" aria-labelledby="listing-kind-label">
            <Text id="listing-kind-label" fz="sm" fw={500} mb={4}>
              Kind
            </Text>
            <SegmentedControl data={['Department', 'Team', 'Other']} value={field.value} onChange={field.onChange} disabled={readOnly} />
          </div>
        )}
      />
    </AdminDialogForm>
  );
}
