import { useCallback, useMemo } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { fetchUsers, type PracticeUser } from '../api/users.api.ts';

export interface PracticeUsers {
  /** Undefined until the first answer. */
  users: PracticeUser[] | undefined;
  loading: boolean;
  error: unknown;
  /** Reads the list again (after an invite, a role change, a deactivation). */
  reload: () => void;
  /** Puts one changed user into the list at once, before the reload answers. */
  replace: (user: PracticeUser) => void;
}

/**
 * The current practice's users (GET users). Not a resource collection, so it is read here rather
 * than through the device store: the list is the server's word on who may sign in, and a stale
 * copy of it would mislead. `enabled` false (a caller who may not list users) reads nothing.
 */
export function usePracticeUsers(enabled = true): PracticeUsers {
  const practiceId = useCurrentPractice().current?.practiceId;
  const read = useMemo(() => (practiceId && enabled ? () => fetchUsers(practiceId) : undefined), [practiceId, enabled]);
  const { value: users, loading, error, reload, update } = useServerRead(read);
  const replace = useCallback(
    (user: PracticeUser) => update((list) => list.map((u) => (u.accountId === user.accountId && u.profile === user.profile ? user : u))),
    [update],
  );
  return { users, loading, error, reload, replace };
}
