import { useState, type FormEvent } from 'react';
import { isApiError } from '../api/index.ts';
import { checkNewPassword, type NewPasswordFieldsProps } from './NewPasswordFields.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * The state of a choose-a-new-password form (accepting an invite, completing a reset): the two
 * fields (`fields`, for NewPasswordFields), their local checks before anything is sent, the
 * submission, and the server's password policy message under the password field when no local
 * check failed.
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
  const fields: NewPasswordFieldsProps = {
    password,
    confirmation,
    onPasswordChange: setPassword,
    onConfirmationChange: setConfirmation,
    passwordError: local.password ?? serverPasswordError,
    confirmationError: local.confirmation,
  };
  return { fields, submit, onSubmit };
}
