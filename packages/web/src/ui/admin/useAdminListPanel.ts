import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { ApiError } from '../../api/index.ts';
import { useCollection } from '../../data/index.ts';
import type { Lifecycle } from './lifecycle.ts';
import { draftOf, listView, nameOf, type NamedResource } from './list-view.ts';
import { useSaveResource } from './useSaveResource.ts';

/** The record the edit dialog holds (none in it: a new one); undefined while it is closed. */
export type Editing<T> = { item?: T } | undefined;

export interface AdminListPanelInput<T extends NamedResource> {
  resourceType: string;
  collection: string;
  noun: { singular: string; plural: string };
  searchText?: (item: T) => string;
  lifecycle: Lifecycle<T>;
}

export interface AdminListPanelState<T extends NamedResource> {
  /** The records not deleted, in use or not. */
  live: T[];
  /** The rows shown: searched, in use unless `showAll`, sorted by name. */
  rows: T[];
  loading: boolean;
  error?: ApiError;
  refresh: () => Promise<void>;
  search: string;
  setSearch: (search: string) => void;
  showAll: boolean;
  setShowAll: (showAll: boolean) => void;
  editing: Editing<T>;
  setEditing: (editing: Editing<T>) => void;
  /** The dialog's save of `item` (none: a new record): waits for the server, then closes and says so. */
  saveFields: (item: T | undefined) => (fields: Record<string, unknown>) => Promise<void>;
  /** The row's lifecycle step (Deactivate, Publish...), said in a notice either way. */
  takeStep: (item: T) => Promise<void>;
}

/** What one admin list holds and does: its records, search, the edit dialog's record and the saves. */
export function useAdminListPanel<T extends NamedResource>({
  resourceType,
  collection,
  noun,
  searchText,
  lifecycle,
}: AdminListPanelInput<T>): AdminListPanelState<T> {
  const { items, loading, error, refresh } = useCollection<T>(collection);
  const save = useSaveResource<T>(collection);
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [editing, setEditing] = useState<Editing<T>>();
  const rows = useMemo(
    () => listView(items, { search, showAll, searchText, inUse: lifecycle.inUse }),
    [items, search, showAll, searchText, lifecycle],
  );

  const saveFields = (item: T | undefined) => async (fields: Record<string, unknown>) => {
    const draft = draftOf(resourceType, item, fields, lifecycle.newRecord) as T;
    await save(draft);
    setEditing(undefined);
    notifications.show({ color: 'caseload', message: `${noun.singular} ${item ? 'saved' : lifecycle.created}: ${nameOf(draft)}` });
  };

  const takeStep = async (item: T) => {
    const step = lifecycle.step(item);
    try {
      await save({ ...item, ...step.fields });
      notifications.show({ color: 'caseload', message: `${nameOf(item)} ${step.done}.` });
    } catch (e) {
      notifications.show({ color: 'red', title: `${nameOf(item)} ${step.failed}`, message: e instanceof Error ? e.message : String(e) });
    }
  };

  const live = items.filter((i) => !i.meta?.isDeleted);
  return { live, rows, loading, error, refresh, search, setSearch, showAll, setShowAll, editing, setEditing, saveFields, takeStep };
}
