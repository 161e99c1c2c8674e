import { Stack } from '@mantine/core';
import type { Ref } from 'react';
import { PasswordField } from './PasswordField.tsx';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The policy message from the server (the `password` issue), or a local one. */
  passwordError?: string;
  confirmationError?: string;
  autoFocus?: boolean;
  passwordRef?: Ref<HTMLInputElement>;
}

/** The policy in words, shown before anyone gets it wrong; the server has the final say. */
export const PASSWORD_HINT = 'At least 12 characters, not only letters or only digits, and not containing your e-mail name.';

/** A new password and its confirmation, each with its own error, for invites and resets. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <Stack gap="md">
      <PasswordField
        ref={props.passwordRef}
        label="New password"
        // The policy message, when it shows, says the same as the hint: one of them is enough.
        description={props.passwordError ? undefined : PASSWORD_HINT}
        autoComplete="new-password"
        required
        autoFocus={props.autoFocus}
        value={props.password}
        onChange={(e) => props.onPasswordChange(e.currentTarget.value)}
        error={props.passwordError}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        styles={{ description: { marginTop: 6 } }}
      />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        required
        value={props.confirmation}
        onChange={(e) => props.onConfirmationChange(e.currentTarget.value)}
        error={props.confirmationError}
      />
    </Stack>
  );
}

/** Checks before the round trip: something typed, and the two the same. */
export function checkNewPassword(password: string, confirmation: string): { password?: string; confirmation?: string } {
  if (!password) return { password: 'Choose a password.' };
  if (password !== confirmation) return { confirmation: 'The two passwords are not the same.' };
  return {};
}
