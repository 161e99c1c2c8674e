import type { Group } from '@caseload/core';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useLabel } from '../../practice/index.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { groupSchema } from '../utils/admin-schemas.ts';
import { referenceTo } from '../utils/references.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { ReferencesField } from '../../../ui/admin/ReferenceFields.tsx';

type Values = InferType<typeof groupSchema>;

/** A staff group: a name and its members, picked among the practice's practitioners. */
export function GroupForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Group>) {
  const practitioners = useCollection('Practitioners').items;
  const plural = useLabel('practitioner', 'plural');
  const stored = item?.members ?? [];
  const admin = useAdminForm<Values>(groupSchema, { name: item?.name ?? '', members: stored.map((m) => m.member.id) }, (v) =>
    onSave({
      name: v.name,
      members: v.members.map((id) => {
        const kept = stored.find((m) => m.member.id === id);
        return kept ?? { member: referenceTo('Practitioner', id, practitioners)! };
      }),
    }),
  );
  const { control } = admin.form;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <ReferencesField
        control={control}
        name="members"
        collection="Practitioners"
        label="Members"
        description={`${plural} in this group.`}
        disabled={readOnly}
      />
    </AdminDialogForm>
  );
}
