import type { Program } from '@caseload/core';
import { Textarea, TextInput } from '@mantine/core';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { programSchema } from '../utils/admin-schemas.ts';
import { isPracticeOrganization } from '../../../ui/admin/list-view.ts';
import { referenceTo } from '../utils/references.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { ReferenceField } from '../../../ui/admin/ReferenceFields.tsx';

type Values = InferType<typeof programSchema>;

/** A program (a service line patients enrol in): name, code, description, organization, district. */
export function ProgramForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Program>) {
  const organizations = useCollection('Organizations').items;
  const districts = useCollection('Districts').items;
  const admin = useAdminForm<Values>(
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
  const { register, control, formState } = admin.form;
  const e = formState.errors;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <TextInput
        label="Code"
        description="A short code reports and claims use."
        disabled={readOnly}
        error={e.code?.message}
        {...register('code')}
      />
      <Textarea label="Description" autosize minRows={2} disabled={readOnly} error={e.description?.message} {...register('description')} />
      <ReferenceField
        control={control}
        name="organization"
        collection="Organizations"
        label="Organization"
        offers={isPracticeOrganization}
        disabled={readOnly}
      />
      <ReferenceField control={control} name="district" collection="Districts" label="District" disabled={readOnly} />
    </AdminDialogForm>
  );
}
