import { PLACES_OF_SERVICE, toCoding, type Location } from '@caseload/core';
import { Divider, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { useLabel } from '../../practice/index.ts';
import { useAdminForm } from '../hooks/useAdminForm.ts';
import { addressFrom, addressValues } from '../utils/address-values.ts';
import { locationSchema } from '../utils/admin-schemas.ts';
import { phoneFrom, phoneOf } from '../utils/telecom.ts';
import { referenceTo } from '../utils/references.ts';
import { AddressFields } from './AddressFields.tsx';
import type { AdminFormProps } from './admin-form-props.ts';
import { FormActions } from './FormActions.tsx';
import { PlaceOfServiceSelect } from './PlaceOfServiceSelect.tsx';
import { ReferenceSelect } from './ReferenceSelect.tsx';

type Values = InferType<typeof locationSchema>;

/** A location (named by the practice's location label): place-of-service code, address, phone. */
export function LocationForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Location>) {
  const organizations = useCollection('Organizations').items;
  const singular = useLabel('location', 'singular');
  const { form, submit, onSubmit } = useAdminForm<Values>(
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
  const { register, control, formState } = form;
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${singular} details`}>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus disabled={readOnly} error={e.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="placeOfService"
          render={({ field, fieldState }) => (
            <PlaceOfServiceSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} disabled={readOnly} />
          )}
        />
        <Controller
          control={control}
          name="organization"
          render={({ field, fieldState }) => (
            <ReferenceSelect collection="Organizations" label="Organization" disabled={readOnly} error={fieldState.error?.message} {...field} />
          )}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" disabled={readOnly} error={e.phone?.message} {...register('phone')} />
        <Divider label="Address" labelPosition="left" />
        <AddressFields register={register as never} control={control as never} errors={e.address} disabled={readOnly} />
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
