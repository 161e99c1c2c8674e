import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useRequestReset } from '../hooks/useRequestReset.ts';

/**
 * Asks for a reset link by e-mail. The confirmation reads the same whether or not the address has
 * an account, as the server's answer does, so the page cannot be used to find who has one.
 */
export function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string>();
  const { submit, sentTo } = useRequestReset();

  if (sentTo) {
    return (
      <Alert color="caseload" variant="light" icon={<IconMailCheck size={20} />} title="Check your e-mail" role="status">
        <Text fz="sm">
          If <strong>{sentTo}</strong> belongs to a Caseload account, a link to choose a new password is on its way. The link works once and
          expires soon. Nothing arrived? Check your junk folder, or ask again in a few minutes.
        </Text>
      </Alert>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setMissing(address ? undefined : 'Enter your e-mail address.');
    if (address) void submit.run(address);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        <FormErrorAlert error={submit.error} />
        <TextInput
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={missing}
        />
        <Button type="submit" loading={submit.pending} fullWidth mt={4}>
          Send the reset link
        </Button>
      </Stack>
    </form>
  );
}
