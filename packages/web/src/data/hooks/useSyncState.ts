import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SyncState } from '../queue/sync-state.ts';
import { useDataLayer } from './useDataLayer.ts';

export interface UseSyncStateResult extends SyncState {
  /** Drops a failed-upsert record once the user has dealt with it. */
  dismissFailed(hash: string): Promise<void>;
}

/** Online or not, how many edits wait, and the ones the server refused (with their text). */
export function useSyncState(): UseSyncStateResult {
  const layer = useDataLayer();
  const state = useSyncExternalStore(layer.syncState.subscribe, layer.syncState.get);
  const dismissFailed = useCallback((hash: string) => layer.dismissFailed(hash), [layer]);
  return useMemo(() => ({ ...state, dismissFailed }), [state, dismissFailed]);
}
