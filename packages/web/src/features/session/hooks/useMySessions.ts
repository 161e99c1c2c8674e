import { useServerRead } from '../../../data/index.ts';
import { fetchMySessions, type SessionInfo } from '../api/session.api.ts';

export interface MySessions {
  sessions: SessionInfo[] | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

const newestFirst = async () => [...(await fetchMySessions())].sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));

/** The account's live sessions, newest activity first. */
export function useMySessions(): MySessions {
  const { value: sessions, error, loading, reload } = useServerRead(newestFirst);
  return { sessions, error, loading, reload };
}
