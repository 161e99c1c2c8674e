import type { Reference, Resource } from '@caseload/core';
import type { ApiClient } from '../api/index.ts';
import type { ConnectivityEnvironment } from './queue/connectivity.ts';
import type { QueuedEdit } from './queue/queued-edits.ts';
import type { ResourceDraft } from './queue/enqueue.ts';
import type { SyncState } from './queue/sync-state.ts';
import type { CollectionQuery, CollectionState } from './reads/collection-watch.ts';
import type { ListQuery } from './reads/fetch-all.ts';
import type { LiveValue } from './reads/live-value.ts';
import type { PagedQuery } from './reads/paged-query.ts';
import type { ResourceState } from './reads/resource-watch.ts';
import type { TokenStorage } from './security-token/token-storage.ts';
import type { LocalStore } from './store/local-store.ts';
import type { QueueStats } from './queue/queue-stats.ts';

export interface DataLayerOptions {
  /** The page's API client; the layer adds the security-token and profile headers to it. */
  api: ApiClient;
  /**
   * Keep cached resources (items, historical versions, views) in IndexedDB, so screens work
   * offline after a reload. Off: they live in memory only. The write queue is kept in IndexedDB
   * either way, so an unsent edit survives a reload.
   */
  offlineStorage: boolean;
  /** Milliseconds since the epoch; `Date.now` by default. */
  clock?: () => number;
  /** Whose device store this is (the account id): each user has their own. */
  userKey: string;
  /** The practice network to read and write (settable later with `setPractice`). */
  practiceId?: string;
  /** The acting profile, `resourceType/resourceId`, sent as `x-profile` (settable with `setProfile`). */
  profile?: string;
  /** The store to use instead of IndexedDB (MemoryStore) or memory when IndexedDB is absent. */
  store?: LocalStore;
  /** Where online/offline comes from; the browser's navigator and window by default. */
  connectivity?: ConnectivityEnvironment;
  /** Where the security token is kept; the browser's localStorage by default. */
  tokenStorage?: TokenStorage;
  /** New UUIDs (ids of new resources, idempotency keys). */
  newId?: () => string;
}

/** A list a screen watches: its live state and a way to read it from the server again. */
export interface CollectionHandle<T extends Resource = Resource> {
  live: LiveValue<CollectionState<T>>;
  refresh(): Promise<void>;
}

/**
 * The data layer of SPEC.md section 4: every read and write of the screens goes through it.
 * Reads come from the device's store and are refreshed from the server; writes are stored at once
 * and sent by the write queue when the server can be reached. The React hooks (`useCollection`,
 * `useResource`, `useUpsert`, `useDelete`, `useSyncState`) wrap it.
 */
export interface DataLayer {
  readonly userKey: string;
  /** Settles once the layer has read its store and started sending what waited. */
  readonly ready: Promise<void>;

  /** The practice network reads and new writes go to ('' when none is chosen). */
  practiceId(): string;
  setPractice(practiceId: string | undefined): void;
  /** The acting profile sent as `x-profile`, when the session chose one. */
  profile(): string | undefined;
  setProfile(profile: string | undefined): void;
  /** Calls `listener` when the practice or profile changes. */
  subscribeContext(listener: () => void): () => void;

  /** A live list of `collection` (cached, shared by every screen asking the same). */
  watchCollection<T extends Resource = Resource>(collection: string, query?: CollectionQuery): CollectionHandle<T>;
  /** One live resource (cached, shared); reads of one collection are buffered into one query. */
  watchResource<T extends Resource = Resource>(
    collection: string,
    id: string,
    options?: { partition?: string },
  ): LiveValue<ResourceState<T>>;
  /** Every match of a list or query, all pages, stored locally as they arrive. */
  fetchAll<T extends Resource = Resource>(collection: string, query?: ListQuery): Promise<T[]>;
  /** The targets of references, fetched in chunks of 100, keyed as `Type/id` or `Type/id/_history/v`. */
  expand(references: readonly Reference[]): Promise<Map<string, Resource>>;
  /** One version of a resource, from the historical table or the server. */
  readVersion<T extends Resource = Resource>(collection: string, id: string, versionId: string): Promise<T | undefined>;
  /**
   * A page-by-page search of `collection` (usePagedQuery): each `setQuery` starts a new one and
   * drops the answers of older ones. Not shared: each screen gets its own.
   */
  pagedQuery<T extends Resource = Resource>(collection: string): PagedQuery<T>;
  /** Every kept version of a resource, newest first, from the server (`GET {id}/_history`). */
  readHistory<T extends Resource = Resource>(collection: string, id: string, options?: { partition?: string }): Promise<T[]>;

  /** Stores the item at once and queues it; resolves with the item as stored (new ones get an id). */
  upsert<T extends Resource>(collection: string, item: ResourceDraft<T>): Promise<T>;
  /** Marks the item deleted, removes it locally and queues the delete. */
  remove(collection: string, item: Resource): Promise<void>;
  /** Queues content for the item; the resource is read again once the server has it. */
  upload(collection: string, item: Resource, content: Blob, contentType?: string): Promise<void>;
  /** Sends what can be sent now; resolves when the queue rests. */
  flush(): Promise<void>;
  /** The same user signed in again after a 401: send what waited. */
  resume(): Promise<void>;
  /** What draining the queue has cost so far: writes sent, store steps and their time (benches). */
  queueStats(): QueueStats;

  /** Online state, writes waiting, and writes refused. */
  readonly syncState: LiveValue<SyncState>;
  /** Drops a failed-upsert record (the user has seen it, or copied their text). */
  dismissFailed(hash: string): Promise<void>;
  /** True while edits wait to be sent or refused ones are kept: warn before signing out. */
  hasUnsentEdits(): Promise<boolean>;
  /** Every edit waiting to be sent, with the values it changes, in queue order: to read and copy while held. */
  queuedEdits(): Promise<QueuedEdit[]>;

  /** A patient is opened: the security token is created or extended. */
  openPatient(patientId: string): Promise<void>;
  /** A patient is closed: removed from the token; the last close deletes it and clears patient data. */
  closePatient(patientId: string): Promise<void>;
  openPatients(): string[];
  /**
   * At sign-out: deletes the security token and empties the device store, queued and refused
   * edits included (the UI asked first, see `hasUnsentEdits`), unless `keepUnsentEdits`, which
   * keeps the queue for the same user's next sign-in.
   */
  clearLocalPatientData(options?: { keepUnsentEdits?: boolean }): Promise<void>;
  /** Stops timers and listeners and closes the store: call when the user changes. */
  dispose(): void;
}
