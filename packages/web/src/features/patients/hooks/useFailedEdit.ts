import { useMemo } from 'react';
import { useSyncState, type FailedUpsert } from '../../../data/index.ts';

/**
 * The newest edit of one item the server refused (the write queue's failed-upsert record, kept
 * with the user's text for 1440 minutes), so the screen that made it can say so beside it and
 * offer the text back. Undefined while nothing of this item was refused.
 */
export function useFailedEdit(collection: string, id: string | undefined): { failure?: FailedUpsert; dismiss: () => void } {
  const sync = useSyncState();
  const failure = useMemo(
    () => sync.failed.filter((f) => f.collection === collection && f.id === id && f.operation === 'upsert').sort((a, b) => b.lastAttempt - a.lastAttempt)[0],
    [sync.failed, collection, id],
  );
  return { failure, dismiss: () => void (failure && sync.dismissFailed(failure.hash)) };
}
