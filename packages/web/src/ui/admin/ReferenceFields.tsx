import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { NamedResource } from './list-view.ts';
import { ReferenceMultiSelect, ReferenceSelect } from './ReferenceSelect.tsx';

export interface ReferenceFieldProps<V extends FieldValues> {
  control: Control<V>;
  /** The form field holding the picked id (ids, for `ReferencesField`). */
  name: FieldPath<V>;
  /** The collection to pick from, e.g. 'Organizations'. */
  collection: string;
  label: string;
  description?: string;
  disabled?: boolean;
  /** Which items are offered (all by default). */
  offers?: (item: NamedResource) => boolean;
}

/** A `ReferenceSelect` bound to one field of a react-hook-form form (the id, '' for none), showing its error. */
export function ReferenceField<V extends FieldValues>({ control, name, ...props }: ReferenceFieldProps<V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ReferenceSelect
      {...props}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** A `ReferenceMultiSelect` bound to one field of a react-hook-form form (a list of ids), showing its error. */
export function ReferencesField<V extends FieldValues>({ control, name, ...props }: ReferenceFieldProps<V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ReferenceMultiSelect
      {...props}
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
