import type { Filter } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isErrorToShow } from '../../../api/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { queryAuditEvents, type AuditEventRecord } from '../api/audit-trail.api.ts';

export interface AuditEventsState {
  /** The pages read so far, newest first. */
  events: AuditEventRecord[];
  /** The first page of the current query is on its way. */
  loading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** The server has more pages. */
  hasMore: boolean;
  /** The last read's failure to show (a refusal, or no connection); null after an answer. */
  error: unknown;
  loadMore(): void;
  /** Reads the query again from its first page (after a failure). */
  retry(): void;
}

interface Pages {
  events: AuditEventRecord[];
  continuationToken?: string;
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
}

const FIRST: Pages = { events: [], loading: true, loadingMore: false, error: null };
const NONE: Pages = { ...FIRST, loading: false };

/**
 * The audit trail for a query, newest first, read a page at a time with the server's keyset
 * paging: the first page whenever the query changes, the next on `loadMore`. A newer query aborts
 * the older one's read, so its late answer never shows. No query (undefined: not searchable yet),
 * no read.
 */
export function useAuditEvents(query: Filter[] | undefined): AuditEventsState {
  const practiceId = useCurrentPractice().current?.practiceId;
  const [pages, setPages] = useState<Pages>(FIRST);
  const [attempt, setAttempt] = useState(0);
  const key = query && practiceId ? JSON.stringify([practiceId, query]) : undefined;
  /** The read under way, aborted when the query changes or the screen goes. */
  const reading = useRef<AbortController | undefined>(undefined);

  const read = useCallback(
    (continuationToken?: string) => {
      if (!key) {
        setPages(NONE);
        return;
      }
      const [practice, filters] = JSON.parse(key) as [string, Filter[]];
      reading.current?.abort();
      const abort = new AbortController();
      reading.current = abort;
      setPages((p) => (continuationToken ? { ...p, loadingMore: true, error: null } : FIRST));
      queryAuditEvents(practice, filters, continuationToken, abort.signal).then(
        (page) => {
          if (abort.signal.aborted) return;
          setPages((p) => ({
            events: continuationToken ? [...p.events, ...page.events] : page.events,
            continuationToken: page.continuationToken,
            loading: false,
            loadingMore: false,
            error: null,
          }));
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          setPages((p) => ({ ...p, loading: false, loadingMore: false, error: isErrorToShow(error) ? error : null }));
        },
      );
    },
    [key],
  );

  useEffect(() => {
    read();
    return () => reading.current?.abort();
  }, [read, attempt]);

  const { continuationToken, loading, loadingMore } = pages;
  const loadMore = useCallback(() => {
    if (continuationToken && !loading && !loadingMore) read(continuationToken);
  }, [read, continuationToken, loading, loadingMore]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...pages, hasMore: Boolean(continuationToken), loadMore, retry };
}
