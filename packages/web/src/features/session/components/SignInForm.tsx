import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useSession } from '../hooks/useSession.ts';

/** Minutes to wait, in words, from a throttled sign-in's Retry-After seconds. */
function waitInWords(seconds: number | undefined): string {
  if (!seconds) return '';
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? ' You can try again in a minute.' : ` You can try again in ${minutes} minutes.`;
}

/**
 * E-mail and password. The e-mail field is `username` and the password `current-password` to
 * password managers; errors are said in an alert the screen reader announces, and the password
 * field gets the focus back for another try.
 */
export function SignInForm() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit(async () => {
    try {
      await signIn(email.trim(), password);
    } catch (error) {
      passwordRef.current?.focus();
      passwordRef.current?.select();
      throw error;
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: email.trim() ? undefined : 'Enter your e-mail address.',
      password: password ? undefined : 'Enter your password.',
    };
    setMissing(found);
    if (found.email || found.password) return;
    void submit.run();
  };

  const error = submit.error;
  const throttled = isApiError(error) && error.status === 429;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {error !== null && <FormErrorAlert error={throttled ? new Error(error.message + waitInWords(error.retryAfter)) : error} />}
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
          error={missing.email}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={missing.password}
        />
        <Group justify="space-between" mt={4}>
          <Anchor component={Link} to="/reset-password" fz="sm">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={submit.pending}>
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
