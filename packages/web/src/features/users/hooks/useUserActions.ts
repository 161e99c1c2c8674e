import { useCallback } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { postUserActive, putUserRoles, type InviteAnswer, type PracticeUser } from '../api/users.api.ts';

export interface UserActions {
  setRoles: (user: PracticeUser, roles: string[]) => Promise<PracticeUser>;
  setActive: (user: PracticeUser, active: boolean) => Promise<void>;
  /** Gives a just-invited user `role` when the invite's default roles are not exactly it. */
  giveRole: (answer: InviteAnswer, role: string) => Promise<void>;
}

/** The users calls of the current practice, bound to it (docs/identity.md). */
export function useUserActions(): UserActions {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const setRoles = useCallback(
    (user: PracticeUser, roles: string[]) => putUserRoles(practiceId, user.accountId, roles, user.profile),
    [practiceId],
  );
  const setActive = useCallback((user: PracticeUser, active: boolean) => postUserActive(practiceId, user.accountId, active), [practiceId]);
  const giveRole = useCallback(
    async (answer: InviteAnswer, role: string) => {
      if (answer.roles.length === 1 && answer.roles[0] === role) return;
      try {
        await putUserRoles(practiceId, answer.accountId, [role], answer.profile);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new Error(`The invite to ${answer.email} was sent, but the role ${role} was not given: ${why}`, { cause: e });
      }
    },
    [practiceId],
  );
  return { setRoles, setActive, giveRole };
}
