import { useMemo } from 'react';
import { useSyncState } from '../../../data/index.ts';
import { groupByItem, type ItemFailures } from '../utils/item-failures.ts';

/**
 * The refused edits of one item (the write queue's failed-upsert records, kept with the user's
 * text for 1440 minutes), so the screen that made them can say so beside it and offer the text
 * back. Undefined while nothing of this item was refused.
 */
export function useFailedEdit(collection: string, id: string | undefined): { failures?: ItemFailures; dismiss: () => void } {
  const sync = useSyncState();
  const failures = useMemo(
    () => groupByItem(sync.failed.filter((f) => f.collection === collection && f.id === id && f.operation === 'upsert'))[0],
    [sync.failed, collection, id],
  );
  return { failures, dismiss: () => void Promise.all((failures?.all ?? []).map((f) => sync.dismissFailed(f.hash))) };
}
