import type { Group } from '@caseload/core';
import { Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useLabel } from '../../practice/index.ts';
import { useAdminForm } from '../hooks/useAdminForm.ts';
import { groupSchema } from '../utils/admin-schemas.ts';
import { referenceTo } from '../utils/references.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { FormActions } from './FormActions.tsx';
import { ReferenceMultiSelect } from './ReferenceSelect.tsx';

type Values = InferType<typeof groupSchema>;

/** A staff group: a name and its members, picked among the practice's practitioners. */
export function GroupForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Group>) {
  const practitioners = useCollection('Practitioners').items;
  const plural = useLabel('practitioner', 'plural');
  const stored = item?.members ?? [];
  const { form, submit, onSubmit } = useAdminForm<Values>(
    groupSchema,
    { name: item?.name ?? '', members: stored.map((m) => m.member.id) },
    (v) =>
      onSave({
        name: v.name,
        members: v.members.map((id) => {
          const kept = stored.find((m) => m.member.id === id);
          return kept ?? { member: referenceTo('Practitioner', id, practitioners)! };
        }),
      }),
  );
  const { register, control, formState } = form;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={formState.errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="members"
          render={({ field, fieldState }) => (
            <ReferenceMultiSelect
              collection="Practitioners"
              label="Members"
              description={`${plural} in this group.`}
              disabled={readOnly}
              error={fieldState.error?.message}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
