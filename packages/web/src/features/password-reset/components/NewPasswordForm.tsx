import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { NewPasswordFields, checkNewPassword } from '../../../ui/NewPasswordFields.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { postPasswordResetComplete } from '../api/password-reset.api.ts';

export interface NewPasswordFormProps {
  token: string;
  /** The password changed; every session of the account, this browser's too, has ended. */
  onChanged?: () => void;
}

/** The new password for an e-mailed reset link; then a way to sign in with it. */
export function NewPasswordForm({ token, onChanged }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [local, setLocal] = useState<{ password?: string; confirmation?: string }>({});
  const [done, setDone] = useState(false);
  const submit = useSubmit(async () => {
    await postPasswordResetComplete(token, password);
    setDone(true);
    onChanged?.();
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title="Password changed" role="status">
          <Text fz="sm">Your new password is set. For your safety, every device that was signed in has been signed out.</Text>
        </Alert>
        <Button component={Link} to="/sign-in" fullWidth>
          Sign in
        </Button>
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkNewPassword(password, confirmation);
    setLocal(problems);
    if (problems.password || problems.confirmation) return;
    void submit.run();
  };

  const serverPasswordError = isApiError(submit.error) ? submit.error.issueFor('password') : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <FormErrorAlert error={submit.error} fieldPaths={['password']} />
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
          Set the new password
        </Button>
      </Stack>
    </form>
  );
}
