import { useMemo } from 'react';
import { useSyncState, type FailedUpsert } from '../../../data/index.ts';

export interface ChartRecordFailures {
  /** The saves of this collection's records of the patient the server refused, newest first. */
  failures: FailedUpsert[];
  dismiss: (failure: FailedUpsert) => void;
}

/**
 * The refused saves of one kind of chart record of one patient (the write queue's failed-upsert
 * records, kept with the user's text for 1440 minutes), so the list that made them can say so and
 * offer the text back. (A refused delete needs no text back: the record is simply in the list again.)
 */
export function useChartRecordFailures(collection: string, patientId: string): ChartRecordFailures {
  const sync = useSyncState();
  const failures = useMemo(
    () => sync.failed.filter((f) => f.collection === collection && f.operation === 'upsert' && f.item.partition === patientId).sort((a, b) => b.lastAttempt - a.lastAttempt),
    [sync.failed, collection, patientId],
  );
  return { failures, dismiss: (failure) => void sync.dismissFailed(failure.hash) };
}
