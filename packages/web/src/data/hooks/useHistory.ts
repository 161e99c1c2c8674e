import { isAbortError, type Resource } from '@caseload/core';
import { useMemo } from 'react';
import { useDataLayer } from './useDataLayer.ts';
import { useLayerPractice } from './useLayerPractice.ts';
import { useServerRead } from './useServerRead.ts';

export interface UseHistoryResult<T extends Resource> {
  /** Every kept version, newest first (empty while loading). */
  versions: T[];
  loading: boolean;
  /** The server refused, or could not be reached. */
  error?: unknown;
  /** Reads the versions again. */
  refresh(): void;
}

/** A read's outcome: the versions, or (none and) why there are none. */
interface HistoryRead<T> {
  versions: T[];
  error?: unknown;
}

const NONE: never[] = [];

/**
 * The versions of one resource (`GET {Collection}/{id}/_history`), read when the calling screen
 * mounts and on `refresh`: history changes with every save, so it is always read fresh.
 */
export function useHistory<T extends Resource>(
  collection: string,
  id: string | undefined,
  options: { partition?: string } = {},
): UseHistoryResult<T> {
  const layer = useDataLayer();
  const practiceId = useLayerPractice(layer);
  const { partition } = options;
  // A refusal is this read's answer (shown with no versions); an abort answers nothing.
  const read = useMemo(
    () =>
      id
        ? () =>
            layer.readHistory<T>(collection, id, { partition }).then(
              (versions): HistoryRead<T> => ({ versions }),
              (error: unknown): HistoryRead<T> => {
                if (isAbortError(error)) throw error;
                return { versions: [], error };
              },
            )
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- practiceId: another practice's layer reads afresh
    [layer, collection, id, partition, practiceId],
  );
  const { value, loading, reload } = useServerRead(read);
  const busy = !!id && loading;
  // A read under way hides the last one's error, as Try again starts it.
  return { versions: value?.versions ?? NONE, loading: busy, error: busy ? undefined : value?.error, refresh: reload };
}
