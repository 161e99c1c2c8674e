import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { NewPasswordFields } from '../../../ui/NewPasswordFields.tsx';
import { useCompleteReset } from '../hooks/useCompleteReset.ts';

export interface NewPasswordFormProps {
  token: string;
  /** The password changed; every session of the account, this browser's too, has ended. */
  onChanged?: () => void;
}

/** The new password for an e-mailed reset link; then a way to sign in with it. */
export function NewPasswordForm({ token, onChanged }: NewPasswordFormProps) {
  const { fields, submit, onSubmit, done } = useCompleteReset(token, onChanged);

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

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <FormErrorAlert error={submit.error} fieldPaths={['password']} />
        <NewPasswordFields autoFocus {...fields} />
        <Button type="submit" loading={submit.pending} fullWidth mt={4}>
          Set the new password
        </Button>
      </Stack>
    </form>
  );
}
