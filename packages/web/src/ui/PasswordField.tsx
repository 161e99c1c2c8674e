import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef, useId } from 'react';

export type PasswordFieldProps = PasswordInputProps;

/**
 * Mantine's PasswordInput with its error and description tied to the input for screen readers
 * (Mantine leaves `aria-invalid` and `aria-describedby` off the inner input of this one field).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const generated = useId();
  const id = props.id ?? generated;
  const describedBy = [props.error ? `${id}-error` : '', props.description ? `${id}-description` : ''].filter(Boolean).join(' ');
  return (
    <PasswordInput {...props} ref={ref} id={id} aria-invalid={props.error ? true : undefined} aria-describedby={describedBy || undefined} />
  );
});
