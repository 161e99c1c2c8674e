import { useMemo } from 'react';
import { useSyncState } from '../../../data/index.ts';
import { groupByItem, type ItemFailures } from '../utils/item-failures.ts';

export interface ChartRecordFailures {
  /** The records of this collection of the patient with saves the server refused, newest refusal first. */
  failures: ItemFailures[];
  /** Forgets every refused save of one record. */
  dismiss: (failures: ItemFailures) => void;
}

/**
 * The refused saves of one kind of chart record of one patient (the write queue's failed-upsert
 * records, kept with the user's text for 1440 minutes), one entry per record, so the list that
 * made them can say so and offer the text back. (A refused delete needs no text back: the record
 * is simply in the list again.)
 */
export function useChartRecordFailures(collection: string, patientId: string): ChartRecordFailures {
  const sync = useSyncState();
  const failures = useMemo(
    () => groupByItem(sync.failed.filter((f) => f.collection === collection && f.operation === 'upsert' && f.item.partition === patientId)),
    [sync.failed, collection, patientId],
  );
  return { failures, dismiss: (item) => void Promise.all(item.all.map((f) => sync.dismissFailed(f.hash))) };
}
