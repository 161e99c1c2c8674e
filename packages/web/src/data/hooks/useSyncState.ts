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
  // Sync state changes render as transitions (useLiveValue), so a render for another reason can
  // come first: the note editor's own "unsaved" turns false the moment its write is queued, and
  // under load its save state said "All changes saved" while that write still waited. The live
  // count is read too, so no render says nothing waits while a write does.
  const pendingCount = Math.max(state.pendingCount, layer.syncState.get().pendingCount);
  const dismissFailed = useCallback((hash: string) => layer.dismissFailed(hash), [layer]);
  return useMemo(() => ({ ...state, pendingCount, dismissFailed }), [state, pendingCount, dismissFailed]);
}
