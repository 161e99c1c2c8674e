import { useCallback, useMemo } from 'react';
import type { SyncState } from '../queue/sync-state.ts';
import { useDataLayer } from './useDataLayer.ts';
import { useLiveValue } from './useLiveValue.ts';

export interface UseSyncStateResult extends SyncState {
  /** Drops a failed-upsert record once the user has dealt with it. */
  dismissFailed(hash: string): Promise<void>;
}

/** Online or not, how many edits wait, and the ones the server refused (with their text). */
export function useSyncState(): UseSyncStateResult {
  const layer = useDataLayer();
  const state = useLiveValue(layer.syncState);
  const dismissFailed = useCallback((hash: string) => layer.dismissFailed(hash), [layer]);
  return useMemo(() => ({ ...state, dismissFailed }), [state, dismissFailed]);
}
