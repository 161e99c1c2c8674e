import { isAbortError, type Resource } from '@caseload/core';
import { useCallback, useEffect, useState } from 'react';
import { useDataLayer } from './useDataLayer.ts';
import { useLayerPractice } from './useLayerPractice.ts';

export interface UseHistoryResult<T extends Resource> {
  /** Every kept version, newest first (empty while loading). */
  versions: T[];
  loading: boolean;
  /** The server refused, or could not be reached. */
  error?: unknown;
  /** Reads the versions again. */
  refresh(): void;
}

/**
 * The versions of one resource (`GET {Collection}/{id}/_history`), read when the calling screen
 * mounts and on `refresh`: history changes with every save, so it is always read fresh.
 */
export function useHistory<T extends Resource>(collection: string, id: string | undefined, options: { partition?: string } = {}): UseHistoryResult<T> {
  const layer = useDataLayer();
  const practiceId = useLayerPractice(layer);
  const { partition } = options;
  const [state, setState] = useState<{ versions: T[]; loading: boolean; error?: unknown }>({ versions: [], loading: !!id });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    layer.readHistory<T>(collection, id, { partition }).then(
      (versions) => live && setState({ versions, loading: false }),
      (error: unknown) => live && !isAbortError(error) && setState({ versions: [], loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [layer, collection, id, partition, practiceId, round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, refresh };
}
