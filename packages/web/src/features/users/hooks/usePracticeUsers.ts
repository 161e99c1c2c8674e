import { useCallback, useEffect, useState } from 'react';
import { isErrorToShow } from '../../../api/index.ts';
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
 * copy of it would mislead.
 */
export function usePracticeUsers(): PracticeUsers {
  const practiceId = useCurrentPractice().current?.practiceId;
  const [users, setUsers] = useState<PracticeUser[]>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!practiceId) return;
    let live = true;
    setLoading(true);
    fetchUsers(practiceId).then(
      (list) => {
        if (!live) return;
        setUsers(list);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setLoading(false);
        // A 401 is the session-expired dialog's to show.
        if (isErrorToShow(e)) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [practiceId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback(
    (user: PracticeUser) =>
      setUsers((list) => list?.map((u) => (u.accountId === user.accountId && u.profile === user.profile ? user : u))),
    [],
  );
  return { users, loading, error, reload, replace };
}
