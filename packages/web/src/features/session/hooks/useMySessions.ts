import { useCallback, useEffect, useState } from 'react';
import { isErrorToShow } from '../../../api/index.ts';
import { fetchMySessions, type SessionInfo } from '../api/session.api.ts';

export interface MySessions {
  sessions: SessionInfo[] | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** The account's live sessions, newest activity first. */
export function useMySessions(): MySessions {
  const [sessions, setSessions] = useState<SessionInfo[]>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchMySessions().then(
      (list) => {
        if (!live) return;
        setSessions([...list].sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt)));
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setLoading(false);
        // A 401 is the session-expired dialog's to show; the list stays as it was under it.
        if (isErrorToShow(e)) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  return { sessions, error, loading, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
