import { useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { postPasswordResetRequest } from '../api/password-reset.api.ts';

export interface RequestReset {
  /** Asks for a reset link for an address. */
  submit: Submit<[string]>;
  /** The address the link was asked for, once the server has answered. */
  sentTo: string | undefined;
}

/** Asking for a password-reset link by e-mail. */
export function useRequestReset(): RequestReset {
  const [sentTo, setSentTo] = useState<string>();
  const submit = useSubmit(async (address: string) => {
    await postPasswordResetRequest(address);
    setSentTo(address);
  });
  return { submit, sentTo };
}
