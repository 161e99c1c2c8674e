import { SUB_STATUS } from '@caseload/core';
import { useEffect } from 'react';
import { api, isApiError } from '../../../api/index.ts';
// From its file, not the data layer's index: the session runs on the sign-in page too, which loads no data layer.
import { readOnce } from '../../../data/hooks/read-once.ts';
import { fetchSession, type WhoAmI } from '../api/session.api.ts';

/** One new look at the session for a burst of refusals, not one per refused call. */
const MIN_INTERVAL_MS = 5_000;

const TOKEN_SUB_STATUSES: readonly number[] = [SUB_STATUS.invalidSecurityToken, SUB_STATUS.expiredSecurityToken];

/**
 * When the server refuses a call (403: a role or membership changed since the session was read,
 * say while the user worked offline), asks again who the user is and what they may do, so the
 * screens stop offering what is now refused. A refused security token is the token's matter, not
 * the user's permissions. Another account signed in meanwhile (in another tab) starts afresh.
 */
export function useRefreshOnRefusal(accountId: string | undefined, onRefreshed: (whoami: WhoAmI) => void): void {
  useEffect(() => {
    if (!accountId) return;
    let last = 0;
    /** The looks under way; leaving drops their answers. */
    const asking = new Set<() => void>();
    const stop = api.onSettled((event) => {
      if (event.status !== 403 || (isApiError(event.error) && TOKEN_SUB_STATUSES.includes(event.error.subStatus ?? 0))) return;
      const now = Date.now();
      if (now - last < MIN_INTERVAL_MS) return;
      last = now;
      const cancel = readOnce(fetchSession, {
        value: (whoami) => {
          asking.delete(cancel);
          if (!whoami) return;
          if (whoami.account.id !== accountId) window.location.assign('/');
          else onRefreshed(whoami);
        },
        // No answer: the permissions already known stay until the next look.
        failed: () => asking.delete(cancel),
      });
      asking.add(cancel);
    });
    return () => {
      for (const cancel of asking) cancel();
      stop();
    };
  }, [accountId, onRefreshed]);
}
