import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useSession } from '../../session/index.ts';
import { forgetKiosk, readKiosk } from '../utils/kiosk-storage.ts';

/**
 * The only way out of the kiosk: the staff member signs in again (their session ended when the
 * device was handed over). Then the kiosk is forgotten and they are back on the patient's chart.
 */
export function KioskLeave() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const ticket = readKiosk();
  const [email, setEmail] = useState(ticket?.staffEmail ?? '');
  const [password, setPassword] = useState('');
  const submit = useSubmit(async () => {
    await signIn(email.trim(), password);
    forgetKiosk();
    void navigate(ticket?.returnTo ?? '/', { replace: true });
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() && password) void submit.run();
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="kiosk-leave">
      <form onSubmit={onSubmit} noValidate aria-label="Staff sign-in">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="kiosk-leave">
            For staff: sign in to leave
          </Title>
          <Text fz="sm" c="dimmed">
            The device stays locked to this form until a staff member signs in.
          </Text>
          {submit.error !== null && <FormErrorAlert error={submit.error} />}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={submit.pending}>
            Sign in and leave
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
