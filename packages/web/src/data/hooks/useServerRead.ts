import { startTransition, useCallback, useEffect, useState } from 'react';
import { readOnce } from './read-once.ts';

export interface ServerRead<T> {
  /** Undefined until the first answer. */
  value: T | undefined;
  loading: boolean;
  /** The last failure to show (null after an answer); aborts and 401s are never shown here. */
  error: unknown;
  /** Reads again. */
  reload: () => void;
  /** Changes the value at once (after an edit the screen made), before a reload answers. */
  update: (change: (value: T) => T) => void;
}

export interface ServerReadOptions {
  /**
   * The read leaves once the screen has painted and its answer renders as a transition, so
   * neither the request nor the render of the rows holds up the first paint. For the lists of the
   * first screen (the dashboard; docs/performance.md, "The shell's data as transitions").
   */
  afterPaint?: boolean;
}

/**
 * What `read` answers, read when the screen mounts, again whenever `read` changes and on
 * `reload`. For what the server computes for the caller (its users, its sessions, its note
 * queues): not resource collections, so not through the device store, whose stale copy would
 * mislead. No `read` (undefined: not yet known what to read), no read. Keep `read` stable
 * (useCallback or useMemo), or it reads on every render.
 */
export function useServerRead<T>(read: (() => Promise<T>) | undefined, { afterPaint = false }: ServerReadOptions = {}): ServerRead<T> {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!read) return;
    setLoading(true);
    return readOnce(
      read,
      {
        value: (answer) => {
          const commit = () => {
            // As a function: an answer that is itself a function would otherwise be called by React.
            setValue(() => answer);
            setError(null);
            setLoading(false);
          };
          if (afterPaint) startTransition(commit);
          else commit();
        },
        failed: (e, show) => {
          setLoading(false);
          if (show) setError(e);
        },
      },
      { afterPaint },
    );
  }, [read, afterPaint, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const update = useCallback((change: (value: T) => T) => setValue((v) => (v === undefined ? v : change(v))), []);
  return { value, loading, error, reload, update };
}
