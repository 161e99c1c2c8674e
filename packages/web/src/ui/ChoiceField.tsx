import { Select, type SelectProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface ChoiceFieldProps<V extends FieldValues> extends Omit<
  SelectProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'allowDeselect'
> {
  control: Control<V>;
  name: FieldPath<V>;
  /** Called with each value picked, after the field has it (to set fields that follow from it). */
  onPick?: (value: string) => void;
}

/**
 * A choice that always has a value (a kind, a mode), bound to one field of a react-hook-form form:
 * the picked option cannot be cleared, and the field's own error shows under it.
 */
export function ChoiceField<V extends FieldValues>({ control, name, onPick, ...props }: ChoiceFieldProps<V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...props}
      allowDeselect={false}
      value={field.value ?? null}
      onChange={(v) => {
        if (v === null) return;
        field.onChange(v);
        onPick?.(v);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
