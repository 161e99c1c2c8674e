import { useState } from 'react';
import { useNewPasswordForm } from '../../../ui/useNewPasswordForm.ts';
import { postPasswordResetComplete } from '../api/password-reset.api.ts';

/** The reset link's new-password form; `done` once the server has changed the password. */
export function useCompleteReset(token: string, onChanged?: () => void) {
  const [done, setDone] = useState(false);
  const form = useNewPasswordForm(async (chosen) => {
    await postPasswordResetComplete(token, chosen);
    setDone(true);
    onChanged?.();
  });
  return { ...form, done };
}
