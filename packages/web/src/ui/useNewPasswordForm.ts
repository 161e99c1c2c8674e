import { useState, type FormEvent } from 'react';
import { isApiError } from '../api/index.ts';
import { checkNewPassword } from './NewPasswordFields.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * The state of a choose-a-new-password form (accepting an invite, completing a reset): the two
 * fields, their local checks before anything is sent, the submission, and the server's password
 * policy message for the password field.
 */
export function useNewPasswordForm(save: (password: string) => Promise<unknown>) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [local, setLocal] = useState<{ password?: string; confirmation?: string }>({});
  const submit = useSubmit(async () => {
    await save(password);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkNewPassword(password, confirmation);
    setLocal(problems);
    if (problems.password || problems.confirmation) return;
    void submit.run();
  };

  const serverPasswordError = isApiError(submit.error) ? submit.error.issueFor('password') : undefined;
  return { password, setPassword, confirmation, setConfirmation, local, submit, onSubmit, serverPasswordError };
}
