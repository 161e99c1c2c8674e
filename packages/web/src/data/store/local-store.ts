import type {
  FailedUpsert,
  HistoricalItem,
  PendingDelete,
  PendingUpsert,
  PendingWrite,
  StoreChange,
  StoredItem,
  StoredView,
} from './records.ts';

/**
 * Where one queued write stands, without its item: what a drain needs to order a long queue
 * (which item, which place) at the cost of reading keys only.
 */
export interface PendingRef {
  seq: number;
  /** The table it is in: deletes apart, upserts and uploads together. */
  table: 'pendingUpserts' | 'pendingDeletes';
  collection: string;
  id: string;
}

/** A record to queue; the store assigns its `seq`. */
export type NewPendingUpsert = Omit<PendingUpsert, 'seq'>;
export type NewPendingDelete = Omit<PendingDelete, 'seq'>;

/**
 * The device-side store of one user: the cached resources (items, historical versions, views)
 * and the write queue (pending upserts and deletes, failed upserts). Two implementations share
 * this contract: {@link MemoryStore} and the IndexedDB one (DexieStore).
 *
 * Records go in and come out as copies (as IndexedDB does), so a caller mutating what it read
 * never changes the store behind its back. Every write tells the subscribers which table (and
 * collection) changed; that is what keeps screens live.
 */
export interface LocalStore {
  /** True when items, historical and views survive a reload (offline storage is on). */
  readonly persistsItems: boolean;

  getItem(collection: string, id: string): Promise<StoredItem | undefined>;
  /** Every cached item of one collection, any practice. */
  listItems(collection: string): Promise<StoredItem[]>;
  putItems(items: StoredItem[]): Promise<void>;
  deleteItems(collection: string, ids: string[]): Promise<void>;

  getHistorical(collection: string, id: string, versionId: string): Promise<HistoricalItem | undefined>;
  putHistorical(items: HistoricalItem[]): Promise<void>;

  getView(key: string): Promise<StoredView | undefined>;
  putView(view: StoredView): Promise<void>;

  /** Queues an upsert after everything queued before it (both tables). */
  addPendingUpsert(record: NewPendingUpsert): Promise<PendingUpsert>;
  addPendingDelete(record: NewPendingDelete): Promise<PendingDelete>;
  /** Rewrites a queued record in place (same seq): retry bookkeeping, rebasing after a success. */
  updatePending(record: PendingWrite): Promise<void>;
  removePending(record: Pick<PendingWrite, 'kind' | 'seq' | 'collection'>): Promise<void>;
  /**
   * Rewrites queued records the caller read in the same {@link transaction} (so all are still
   * queued): one bulk write for the rebase of an item's later writes after a success.
   */
  replacePending(records: PendingWrite[]): Promise<void>;
  /** Every queued write's place and item, lowest seq first, items left out (keys only). */
  pendingRefs(): Promise<PendingRef[]>;
  /** The queued records `refs` point at, in the same order; undefined for one no longer queued. */
  getPending(refs: readonly Pick<PendingRef, 'seq' | 'table'>[]): Promise<(PendingWrite | undefined)[]>;
  /** Every queued write of one item, in order. */
  pendingFor(collection: string, id: string): Promise<PendingWrite[]>;
  /** Every queued write of one collection, in order. */
  pendingInCollection(collection: string): Promise<PendingWrite[]>;
  /** Every queued write, in order. */
  listPending(): Promise<PendingWrite[]>;
  countPending(): Promise<number>;

  putFailed(record: FailedUpsert): Promise<void>;
  removeFailed(hashes: string[]): Promise<void>;
  /** Newest attempt first. */
  listFailed(): Promise<FailedUpsert[]>;

  /**
   * Empties items, historical and views (of `collections` only, when given): the cached data,
   * never the queue.
   */
  clearCache(collections?: readonly string[]): Promise<void>;
  /** Empties every table, queue included. */
  clearAll(): Promise<void>;

  /**
   * Runs `work` (a sequence of this store's own calls, nothing else awaited) as one atomic
   * read-write transaction: the queue's bookkeeping after an answer is all or nothing, and costs
   * one IndexedDB transaction instead of five.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;

  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: (change: StoreChange) => void): () => void;
  close(): void;
}

/** Orders queued writes by creation. */
export const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;
