import { PLACES_OF_SERVICE, toCoding, type Location } from '@caseload/core';
import { Divider, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useLabel } from '../../practice/index.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { addressFrom, addressValues } from '../utils/address-values.ts';
import { locationSchema } from '../utils/admin-schemas.ts';
import { phoneFrom, phoneOf } from '../utils/telecom.ts';
import { isPracticeOrganization } from '../../../ui/admin/list-view.ts';
import { referenceTo } from '../utils/references.ts';
import { AddressFields } from './AddressFields.tsx';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { PlaceOfServiceSelect } from './PlaceOfServiceSelect.tsx';
import { ReferenceField } from '../../../ui/admin/ReferenceFields.tsx';

type Values = InferType<typeof locationSchema>;

/** A location (named by the practice's location label): place-of-service code, address, phone. */
export function LocationForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Location>) {
  const organizations = useCollection('Organizations').items;
  const singular = useLabel('location', 'singular');
  const admin = useAdminForm<Values>(
    locationSchema,
    {
      name: item?.name ?? '',
      placeOfService: item?.placeOfService?.code ?? '',
      organization: item?.organization?.id ?? '',
      phone: phoneOf(item?.telecom),
      address: addressValues(item?.address),
    },
    (v) =>
      onSave({
        name: v.name,
        placeOfService: toCoding(PLACES_OF_SERVICE, v.placeOfService),
        organization: referenceTo('Organization', v.organization, organizations, item?.organization),
        telecom: phoneFrom(v.phone, item?.telecom),
        address: addressFrom(v.address, item?.address),
      }),
  );
  const { register, control, formState } = admin.form;
  const e = formState.errors;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly} label={`${singular} details`}>
      <Controller
        control={control}
        name="placeOfService"
        render={({ field, fieldState }) => (
          <PlaceOfServiceSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={readOnly}
          />
        )}
      />
      <ReferenceField
        control={control}
        name="organization"
        collection="Organizations"
        label="Organization"
        offers={isPracticeOrganization}
        disabled={readOnly}
      />
      <TextInput label="Phone" type="tel" autoComplete="tel" disabled={readOnly} error={e.phone?.message} {...register('phone')} />
      <Divider label="Address" labelPosition="left" />
      <AddressFields register={register as never} control={control as never} errors={e.address} disabled={readOnly} />
    </AdminDialogForm>
  );
}
