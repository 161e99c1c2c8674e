import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { isApiError } from '../../../api/index.ts';
import { deleteMySession, type SessionInfo } from '../api/session.api.ts';
import { describeUserAgent } from '../utils/describe-user-agent.ts';

/**
 * Ends one of the account's other sessions (DELETE of it), says so, and then `onEnded` (read the
 * list again), whether it ended or not.
 */
export function useEndMySession(onEnded: () => void): (session: SessionInfo) => Promise<void> {
  return useCallback(
    async (session: SessionInfo) => {
      try {
        await deleteMySession(session.id);
        notifications.show({ message: `Ended the session on ${describeUserAgent(session.userAgent)}.`, color: 'caseload' });
      } catch (e) {
        // A 401 shows the session-expired dialog instead; the rest say what went wrong.
        if (!(isApiError(e) && e.status === 401)) notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });
      }
      onEnded();
    },
    [onEnded],
  );
}
