import type { Organization } from '@caseload/core';
import { Divider, Group, TextInput } from '@mantine/core';
import { ChoiceField } from '../../../ui/ChoiceField.tsx';
import type { InferType } from '../../../ui/yup.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { addressFrom, addressValues } from '../utils/address-values.ts';
import { organizationSchema } from '../utils/admin-schemas.ts';
import { phoneFrom, phoneOf } from '../utils/telecom.ts';
import { AddressFields } from './AddressFields.tsx';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';

type Values = InferType<typeof organizationSchema>;

const KINDS = [
  { value: 'Provider', label: 'Provider (gives care)' },
  { value: 'Payer', label: 'Payer (an insurance company)' },
  { value: 'Other', label: 'Other' },
];

/** An organization of the practice network: kind, NPI, tax ID, phone and address. */
export function OrganizationForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Organization>) {
  const admin = useAdminForm<Values>(
    organizationSchema,
    {
      name: item?.name ?? '',
      kind: item?.kind ?? 'Provider',
      npi: item?.npi ?? '',
      taxId: item?.taxId ?? '',
      phone: phoneOf(item?.telecom),
      address: addressValues(item?.address),
    },
    (v) =>
      onSave({
        name: v.name,
        kind: v.kind,
        npi: v.npi || undefined,
        taxId: v.taxId || undefined,
        telecom: phoneFrom(v.phone, item?.telecom),
        address: addressFrom(v.address, item?.address),
      }),
  );
  const { register, control, formState } = admin.form;
  const e = formState.errors;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <ChoiceField control={control} name="kind" label="Kind" data={KINDS} required disabled={readOnly} />
      <Group grow align="flex-start">
        <TextInput
          label="NPI"
          description="10 digits"
          inputMode="numeric"
          disabled={readOnly}
          error={e.npi?.message}
          {...register('npi')}
        />
        <TextInput label="Tax ID" description="EIN, e.g. 12-3456789" disabled={readOnly} error={e.taxId?.message} {...register('taxId')} />
      </Group>
      <TextInput label="Phone" type="tel" autoComplete="tel" disabled={readOnly} error={e.phone?.message} {...register('phone')} />
      <Divider label="Address" labelPosition="left" />
      <AddressFields register={register as never} control={control as never} errors={e.address} disabled={readOnly} />
    </AdminDialogForm>
  );
}
