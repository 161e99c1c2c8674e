import type { Resource } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from './useDataLayer.ts';

/** Queues content (a scan, a photo) for an item of `collection`; sent in turn, then the item is re-read. */
export function useUpload(collection: string): (item: Resource, content: Blob, contentType?: string) => Promise<void> {
  const layer = useDataLayer();
  return useCallback(
    (item: Resource, content: Blob, contentType?: string) => layer.upload(collection, item, content, contentType),
    [layer, collection],
  );
}
