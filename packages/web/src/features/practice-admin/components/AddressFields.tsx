import { Group, Select, Stack, TextInput } from '@mantine/core';
import { US_STATES } from '@caseload/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';

/** The form values of an address (every part a string; empty means not given). */
export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

const STATE_OPTIONS = US_STATES.concepts.map((s) => ({ value: s.code, label: `${s.display} (${s.code})` }));

export interface AddressFieldsProps {
  // The address lives under `address` in every form that has one.
  register: UseFormRegister<{ address: AddressValues }>;
  control: Control<{ address: AddressValues }>;
  errors: FieldErrors<{ address: AddressValues }>['address'];
  disabled?: boolean;
}

/** A US address: street, city, a state or territory picked from the USPS list, and ZIP code. */
export function AddressFields({ register, control, errors, disabled }: AddressFieldsProps) {
  return (
    <Stack gap="xs">
      <TextInput
        label="Street address"
        autoComplete="address-line1"
        disabled={disabled}
        error={errors?.line1?.message}
        {...register('address.line1')}
      />
      <TextInput
        label="Address line 2"
        autoComplete="address-line2"
        disabled={disabled}
        error={errors?.line2?.message}
        {...register('address.line2')}
      />
      <Group grow align="flex-start">
        <TextInput
          label="City"
          autoComplete="address-level2"
          disabled={disabled}
          error={errors?.city?.message}
          {...register('address.city')}
        />
        <Controller
          control={control}
          name="address.state"
          render={({ field }) => (
            <Select
              label="State"
              data={STATE_OPTIONS}
              searchable
              clearable
              disabled={disabled}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={errors?.state?.message}
              nothingFoundMessage="No state or territory matches"
            />
          )}
        />
        <TextInput
          label="ZIP code"
          autoComplete="postal-code"
          disabled={disabled}
          error={errors?.postalCode?.message}
          {...register('address.postalCode')}
        />
      </Group>
    </Stack>
  );
}
