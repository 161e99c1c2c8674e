import type { Filter, Resource } from '@caseload/core';
import { useCallback, useMemo } from 'react';
import type { ApiError } from '../../api/index.ts';
import { useDataLayer } from './useDataLayer.ts';
import { useLayerPractice } from './useLayerPractice.ts';
import { useLiveValue } from './useLiveValue.ts';

export interface UseCollectionOptions {
  /** One patient's resources (patient-partitioned types). */
  partition?: string;
  filters?: Filter[];
  /** Across patients, for patient-partitioned types without a partition. */
  crossPartition?: boolean;
}

export interface UseCollectionResult<T extends Resource> {
  items: T[];
  /** A read from the server is under way. */
  loading: boolean;
  /** The server refused the read (offline is not an error: see useSyncState). */
  error?: ApiError;
  /** Reads the list from the server again. */
  refresh(): Promise<void>;
}

/**
 * A live list of a collection (the URL name, e.g. 'Patients'): the device's copy at once, with
 * unsent edits, then the server's, all pages. Options are compared by value, so an inline object
 * does not refetch on every render.
 */
export function useCollection<T extends Resource>(collection: string, options: UseCollectionOptions = {}): UseCollectionResult<T> {
  const layer = useDataLayer();
  const practiceId = useLayerPractice(layer);
  const key = JSON.stringify([options.partition ?? null, options.filters ?? null, options.crossPartition ?? false]);
  const handle = useMemo(
    () => {
      const [partition, filters, crossPartition] = JSON.parse(key) as [string | null, Filter[] | null, boolean];
      return layer.watchCollection<T>(collection, {
        partition: partition ?? undefined,
        filters: filters ?? undefined,
        crossPartition: crossPartition || undefined,
      });
    },
    // practiceId: the same query in another practice is another list.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again in another practice
    [layer, collection, key, practiceId],
  );
  const state = useLiveValue(handle.live);
  const refresh = useCallback(() => handle.refresh(), [handle]);
  return useMemo(() => ({ ...state, refresh }), [state, refresh]);
}
