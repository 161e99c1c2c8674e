import type { Resource } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from '../../../data/index.ts';

/**
 * Reads resources again from the server into the device store, so every screen watching them
 * (useResource) shows what a scribe call just changed on the server.
 */
export function useRefreshFromServer(): (collection: string, ids: string[], partition?: string) => Promise<Resource[]> {
  const layer = useDataLayer();
  return useCallback(
    (collection, ids, partition) =>
      layer.fetchAll(collection, {
        filters: [{ field: 'id', op: 'in', value: ids }],
        ...(partition ? { partition } : { crossPartition: true }),
      }),
    [layer],
  );
}
