import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { NewPasswordFields, checkNewPassword } from '../../../ui/NewPasswordFields.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import type { WhoAmI } from '../../session/index.ts';
import { postAcceptInvite } from '../api/invites.api.ts';

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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [local, setLocal] = useState<{ password?: string; confirmation?: string }>({});
  const submit = useSubmit(async () => onAccepted(await postAcceptInvite(token, password)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkNewPassword(password, confirmation);
    setLocal(problems);
    if (problems.password || problems.confirmation) return;
    void submit.run();
  };

  const serverPasswordError = isApiError(submit.error) ? submit.error.issueFor('password') : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Accept the invitation">
      <Stack gap="md">
        <FormErrorAlert error={submit.error} fieldPaths={['password']} />
        <TextInput label="E-mail" value={email} readOnly variant="filled" autoComplete="username" name="email" />
        <NewPasswordFields
          autoFocus
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={local.password ?? serverPasswordError}
          confirmationError={local.confirmation}
        />
        <Button type="submit" loading={submit.pending} fullWidth mt={4}>
          Set password and sign in
        </Button>
      </Stack>
    </form>
  );
}
