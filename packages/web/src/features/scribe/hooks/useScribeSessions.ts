import type { Note } from '@caseload/core';
import { useMemo } from 'react';
import { usePagedQuery, type UsePagedQueryResult } from '../../../data/index.ts';
import { scribeSessionsRequest } from '../utils/session-list-query.ts';

/** The scribe sessions the user may see, newest first, a page at a time. */
export function useScribeSessions(): UsePagedQueryResult<Note> {
  const request = useMemo(() => scribeSessionsRequest(), []);
  return usePagedQuery<Note>('Notes', request);
}
