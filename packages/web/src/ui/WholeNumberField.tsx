import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface WholeNumberFieldProps<V extends FieldValues> extends Omit<
  NumberInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'allowDecimal'
> {
  control: Control<V>;
  name: FieldPath<V>;
}

/**
 * A whole number (minutes per unit, minutes per increment) bound to one field of a react-hook-form
 * form. An emptied box is `undefined`, not 0 or "", so the schema's "is a required field" is what
 * the user reads; the field's own error shows under it.
 */
export function WholeNumberField<V extends FieldValues>({ control, name, ...props }: WholeNumberFieldProps<V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...props}
      allowDecimal={false}
      value={field.value ?? ''}
      onChange={(v) => field.onChange(v === '' ? undefined : v)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
