import type { Resource } from '@caseload/core';
import { useState } from 'react';
import { typeOfCollection, useDelete, useUpsert } from '../../../data/index.ts';
import { useCan } from '../../practice/index.ts';
import type { RecordAction } from '../components/ChartRecordList.tsx';
import type { RecordDraft } from '../utils/chart-record-form-layout.ts';
import type { ItemFailures } from '../utils/item-failures.ts';
import { useChartRecordFailures } from './useChartRecordFailures.ts';

export interface ChartRecordListState<T extends Resource> {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** The closing actions the profile may take (none without Update). */
  closers: RecordAction<T>[];
  /** The records whose saves the server refused. */
  failures: ItemFailures[];
  dismiss: (failures: ItemFailures) => void;
  /** The record in the open form, if any. */
  editing: { record: RecordDraft<T> } | undefined;
  setEditing: (editing: { record: RecordDraft<T> } | undefined) => void;
  /** The record whose deletion waits for confirmation, if any. */
  deleting: T | undefined;
  setDeleting: (item: T | undefined) => void;
  /** Why the last closing action or delete could not be queued. */
  actionError: string | undefined;
  clearActionError: () => void;
  /** Closes a record ("Make inactive"): written through the data layer. */
  applyAction: (action: RecordAction<T>, item: T) => void;
  /** Deletes the record waiting for confirmation. */
  confirmDelete: () => void;
}

/**
 * What an editable chart list offers and does: the profile's permissions on the type, the open
 * form and delete confirmation, the refused saves, and the writes (through the data layer, so on
 * the device at once and queued for the server).
 */
export function useChartRecordList<T extends Resource>(
  collection: string,
  patientId: string,
  actions: RecordAction<T>[],
): ChartRecordListState<T> {
  const upsert = useUpsert<T>(collection);
  const remove = useDelete(collection);
  const type = typeOfCollection(collection)?.name ?? collection;
  const canCreate = useCan('Create', type);
  const canUpdate = useCan('Update', type);
  const canDelete = useCan('Delete', type);
  const closers = canUpdate ? actions : [];
  const { failures, dismiss } = useChartRecordFailures(collection, patientId);
  const [editing, setEditing] = useState<{ record: RecordDraft<T> }>();
  const [deleting, setDeleting] = useState<T>();
  const [actionError, setActionError] = useState<string>();
  const run = (work: Promise<unknown>) => {
    setActionError(undefined);
    work.catch((e: unknown) => setActionError(e instanceof Error ? e.message : String(e)));
  };
  const applyAction = (action: RecordAction<T>, item: T) => run(upsert(action.apply(item)));
  const confirmDelete = () => {
    if (deleting) run(remove(deleting));
    setDeleting(undefined);
  };
  return {
    canCreate,
    canUpdate,
    canDelete,
    closers,
    failures,
    dismiss,
    editing,
    setEditing,
    deleting,
    setDeleting,
    actionError,
    clearActionError: () => setActionError(undefined),
    applyAction,
    confirmDelete,
  };
}
