import { useNewPasswordForm } from '../../../ui/useNewPasswordForm.ts';
import type { WhoAmI } from '../../session/index.ts';
import { postAcceptInvite } from '../api/invites.api.ts';

/** The invite's new-password form: accepting it (POST) signs the user in with that password. */
export function useAcceptInvite(token: string, onAccepted: (whoami: WhoAmI) => void) {
  return useNewPasswordForm(async (chosen) => onAccepted(await postAcceptInvite(token, chosen)));
}
