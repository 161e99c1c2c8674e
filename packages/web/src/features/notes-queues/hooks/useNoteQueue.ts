import { startTransition, useCallback, useEffect, useState } from 'react';
import { isErrorToShow } from '../../../api/index.ts';
import { afterNextPaint } from '../../../data/index.ts';
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
  const [items, setItems] = useState<T[]>();
  const [more, setMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!practiceId || !enabled) return;
    let live = true;
    setLoading(true);
    // The read leaves once the dashboard has painted, not before its first paint (afterNextPaint).
    const cancel = afterNextPaint(() => void fetchPage(practiceId).then(
      (page) => {
        if (!live) return;
        // A transition: the list renders in slices after the dashboard has painted, not as one
        // long task of its rows when the answer lands (docs/performance.md, "Lighthouse").
        startTransition(() => {
          setItems(page.items);
          setMore(Boolean(page.continuationToken));
          setError(null);
          setLoading(false);
        });
      },
      (e: unknown) => {
        if (!live) return;
        setLoading(false);
        // A 401 is the session-expired dialog's to show.
        if (isErrorToShow(e)) setError(e);
      },
    ));
    return () => {
      live = false;
      cancel();
    };
  }, [practiceId, enabled, fetchPage, version]);

  useEffect(() => {
    const onFocus = () => setVersion((v) => v + 1);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const remove = useCallback((match: (item: T) => boolean) => setItems((list) => list?.filter((i) => !match(i))), []);
  return { items, loading, error, more, reload, remove };
}
