import type { Resource } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from './useDataLayer.ts';

/** Deletes an item of `collection`: gone from the device at once, the delete sent by the queue. */
export function useDelete(collection: string): (item: Resource) => Promise<void> {
  const layer = useDataLayer();
  return useCallback((item: Resource) => layer.remove(collection, item), [layer, collection]);
}
