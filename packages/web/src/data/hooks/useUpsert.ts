import type { Resource } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from './useDataLayer.ts';

/**
 * Saves an item of `collection`: stored on the device at once (every screen shows it), then sent
 * by the write queue. A new item (no id) gets one. A refusal by the server shows in useSyncState's
 * `failed`, with the user's text kept.
 */
export function useUpsert<T extends Resource>(collection: string): (item: T | Omit<T, 'id' | 'meta'>) => Promise<T> {
  const layer = useDataLayer();
  return useCallback((item: T | Omit<T, 'id' | 'meta'>) => layer.upsert<T>(collection, item), [layer, collection]);
}
