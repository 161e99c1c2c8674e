/**
 * The data layer (SPEC.md section 4): the device store, the write queue, the security token, and
 * the hooks screens read and write through. Screens import from here only.
 */
export { createDataLayer } from './create-data-layer.ts';
export type { CollectionHandle, DataLayer, DataLayerOptions } from './data-layer.ts';
export { DataLayerProvider, type DataLayerProviderProps } from './hooks/DataLayerProvider.tsx';
export { useDataLayer } from './hooks/useDataLayer.ts';
export { afterNextPaint } from './hooks/after-next-paint.ts';
export { useCollection, type UseCollectionOptions, type UseCollectionResult } from './hooks/useCollection.ts';
export { useResource } from './hooks/useResource.ts';
export { useResources } from './hooks/useResources.ts';
export { useReferencedVersion } from './hooks/useReferencedVersion.ts';
export { useUpsert } from './hooks/useUpsert.ts';
export { useDelete } from './hooks/useDelete.ts';
export { useUpload } from './hooks/useUpload.ts';
export { useSyncState, type UseSyncStateResult } from './hooks/useSyncState.ts';
export { useOpenPatient } from './hooks/useOpenPatient.ts';
export { usePagedQuery, type UsePagedQueryResult } from './hooks/usePagedQuery.ts';
export { useHistory, type UseHistoryResult } from './hooks/useHistory.ts';
export { useServerRead, type ServerRead, type ServerReadOptions } from './hooks/useServerRead.ts';
export type { PagedQuery, PagedQueryRequest, PagedQueryState } from './reads/paged-query.ts';
export { matchesLocally, sortLocally, TEXT_FIELD } from './reads/local-query.ts';
export type { SyncState } from './queue/sync-state.ts';
export type { QueueHold } from './queue/write-queue.ts';
export type { ResourceDraft } from './queue/enqueue.ts';
export type { QueuedEdit } from './queue/queued-edits.ts';
export type { CollectionQuery, CollectionState } from './reads/collection-watch.ts';
export type { ResourceState } from './reads/resource-watch.ts';
export type { ListQuery } from './reads/fetch-all.ts';
export { referenceKey } from './reads/expand.ts';
export { fieldChanges, type FieldChange } from './field-changes.ts';
export { typeOfCollection } from './paths.ts';
export { LiveValue } from './reads/live-value.ts';
export type { FailedUpsert, PendingWrite, StoredItem } from './store/records.ts';
export type { LocalStore } from './store/local-store.ts';
export { MemoryStore } from './store/memory-store.ts';
export { databaseName } from './store/database-name.ts';
export { memoryTokenStorage, type StoredToken, type TokenStorage } from './security-token/token-storage.ts';
export type { ConnectivityEnvironment } from './queue/connectivity.ts';
export * from './constants.ts';
// Not re-exported here: rebase-edit.ts brings core's patch code and fast-json-patch, which the
// shell (importing this index) must not carry. The note editor imports './rebase-edit.ts' itself.
export type { RebaseOutcome } from './rebase-edit.ts';
