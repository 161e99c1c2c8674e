import type { District } from '@caseload/core';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { districtSchema } from '../utils/admin-schemas.ts';
import { isPracticeOrganization } from '../../../ui/admin/list-view.ts';
import { referenceTo } from '../utils/references.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { ReferenceField } from '../../../ui/admin/ReferenceFields.tsx';

type Values = InferType<typeof districtSchema>;

/** A district (a region of an organization that programs belong to). */
export function DistrictForm({ item, onSave, onCancel, readOnly }: AdminFormProps<District>) {
  const organizations = useCollection('Organizations').items;
  const admin = useAdminForm<Values>(districtSchema, { name: item?.name ?? '', organization: item?.organization?.id ?? '' }, (v) =>
    onSave({ name: v.name, organization: referenceTo('Organization', v.organization, organizations, item?.organization) }),
  );
  const { control } = admin.form;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <ReferenceField
        control={control}
        name="organization"
        collection="Organizations"
        label="Organization"
        offers={isPracticeOrganization}
        disabled={readOnly}
      />
    </AdminDialogForm>
  );
}
