import { useCallback, useEffect, useMemo } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import type { NoteQueuePage } from '../api/note-queues.api.ts';

export interface NoteQueue<T> {
  /** Undefined until the first answer. */
  items: T[] | undefined;
  loading: boolean;
  error: unknown;
  /** True when the server has more than this page. */
  more: boolean;
  reload: () => void;
  /** Takes one item out at once (after co-signing it), before the reload answers. */
  remove: (match: (item: T) => boolean) => void;
}

/**
 * A note list the server computes for the caller (unsigned notes, the co-sign queue). Not a
 * resource collection, so it is read here rather than through the device store: it is the
 * server's word on what is owed now, and a stale copy would mislead. Read again when the window
 * regains focus, since another device may have signed meanwhile.
 */
export function useNoteQueue<T>(fetchPage: (practiceId: string) => Promise<NoteQueuePage<T>>, enabled = true): NoteQueue<T> {
  const practiceId = useCurrentPractice().current?.practiceId;
  const read = useMemo(() => (practiceId && enabled ? () => fetchPage(practiceId) : undefined), [practiceId, enabled, fetchPage]);
  // After paint and as a transition: the read leaves once the dashboard has painted, and the list
  // renders in slices rather than as one long task of its rows (docs/performance.md, "The shell's
  // data as transitions").
  const { value: page, loading, error, reload, update } = useServerRead(read, { afterPaint: true });

  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  const remove = useCallback((match: (item: T) => boolean) => update((p) => ({ ...p, items: p.items.filter((i) => !match(i)) })), [update]);
  return { items: page?.items, loading, error, more: Boolean(page?.continuationToken), reload, remove };
}
