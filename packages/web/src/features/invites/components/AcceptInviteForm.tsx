import { Button, Stack, TextInput } from '@mantine/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { NewPasswordFields } from '../../../ui/NewPasswordFields.tsx';
import type { WhoAmI } from '../../session/index.ts';
import { useAcceptInvite } from '../hooks/useAcceptInvite.ts';

export interface AcceptInviteFormProps {
  token: string;
  email: string;
  /** Called with the new session once the server has signed the user in. */
  onAccepted: (whoami: WhoAmI) => void;
}

/**
 * The invited e-mail (read-only, and `username` so a password manager saves the pair) and a new
 * password; the server's policy message shows under the password field.
 */
export function AcceptInviteForm({ token, email, onAccepted }: AcceptInviteFormProps) {
  const { fields, submit, onSubmit } = useAcceptInvite(token, onAccepted);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Accept the invitation">
      <Stack gap="md">
        <FormErrorAlert error={submit.error} fieldPaths={['password']} />
        <TextInput label="E-mail" value={email} readOnly variant="filled" autoComplete="username" name="email" />
        <NewPasswordFields autoFocus {...fields} />
        <Button type="submit" loading={submit.pending} fullWidth mt={4}>
          Set password and sign in
        </Button>
      </Stack>
    </form>
  );
}
